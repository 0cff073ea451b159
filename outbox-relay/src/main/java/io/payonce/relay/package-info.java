/**
 * Outbox relay: reads the outbox tables from the binlog with the Debezium embedded engine and writes each
 * event to Kafka, at least once and never skipped.
 *
 * <h2>Flow</h2> MariaDB (or MySQL) binlog → connector (only {@code payonce_gateway.t_outbox} and
 * {@code payonce_trade.t_outbox}) → {@code SourceTimestampHeader} (keeps the binlog time for the lag metric)
 * → Debezium's {@code EventRouter} (topic = {@code aggregatetype}, key = {@code aggregateid}, header
 * {@code id} = event id, header {@code eventType} = column {@code type}, value = the payload string) →
 * {@code KafkaBatchRelay} (own transactional producer, acks=all, one transaction per batch) → Kafka.
 *
 * <h2>Delivery invariant</h2> A batch is marked processed only after the Kafka transaction holding it committed;
 * the engine stores binlog positions only of processed records, so every stored position is one whose records
 * are all in Kafka. A failed transaction is aborted and the whole batch sent again with backoff until it
 * commits; the relay never moves past an uncommitted record. A crash (kill -9) between the commit and the next
 * offset flush ({@code payonce.relay.storage.flush-interval}, 1 s) re-sends those records: duplicates are
 * expected and the consumer removes them (event id, orderNo).
 *
 * <h2>Several instances: one leads ({@code leadership})</h2> Every instance is a member of one Kafka consumer
 * group on a one-partition topic; the member holding partition 0 leads, runs the engine and publishes; the others
 * stand by. The coordinator's session timeout is the lease. Fencing does not rely on the former leader noticing
 * that it lost the lease: all instances share one {@code transactional.id}, and a term begins with
 * {@code initTransactions()}, which aborts the former leader's open transaction and makes the broker refuse its
 * further writes and commits. Only then does the new term's engine read the stored position, so whatever the
 * former leader committed is in Kafka before that position is read: a takeover re-sends, it never skips. A
 * former leader's engine may still store a position after the takeover (Debezium flushes on close): it is the
 * position of records it committed, older than the new leader's at worst, so the consequence is a re-send after
 * the next restart, never a gap. Each term takes its own binlog replica id, because MariaDB refuses a second
 * replica with an id a paused former leader still holds. Kafka group membership was chosen over a lock row in the
 * source database: no write access to the payment database, and the lease lives where the fencing happens.
 * README: "Leader, standby and fencing".
 *
 * <h2>Latency and catch-up</h2> One thread reads the binlog and fills Debezium's queue; the engine hands the relay
 * a batch once it holds {@code payonce.relay.engine.max-batch-size} events or once
 * {@code payonce.relay.engine.poll-interval} has passed, whichever comes first (the queue does not return early
 * with fewer events), and the relay sends it and waits for every acknowledgement before it takes the next.
 * Debezium's default interval, 500 ms, was therefore the relay's latency at ordinary traffic; ours is 25 ms.
 * Catching up a backlog is bound by that reader thread, not by Kafka: it turns each row of a captured table
 * into a change event and formats every event for Debezium's {@code LastEvent} metric (with a new Jackson
 * {@code ObjectMapper} each time, in 3.5). Hence two fixed choices: the outbox deletes are skipped at the
 * source ({@code skipped.operations=d,t}) instead of being dropped by the router after they took half of the
 * reader's events, the queue and every batch; and only the columns the router reads are captured
 * ({@code column.include.list}), so no {@code created_at} is converted per row. The relay's own steps (router,
 * mapping, sending) are a small share.
 *
 * <h2>Offsets and schema history: Kafka topics</h2> {@code payonce.relay.offsets} (compacted, Kafka
 * Connect's {@code KafkaOffsetBackingStore}) and {@code payonce.relay.schema-history} (Debezium's
 * {@code KafkaSchemaHistory}), both created by the engine on first start. Chosen over files because the
 * relay is then stateless: a replaced container or another host resumes from the same position without a
 * persistent volume, and the state is as durable as the events it describes (same cluster, same
 * replication). The cost: the relay needs Kafka to start, which it needs anyway to do any work.
 *
 * <h2>First start (snapshot mode)</h2> Outbox rows are deleted in the transaction that writes them, so a
 * snapshot of the table would always be empty and an {@code initial} snapshot would only move the start
 * position to "now", losing whatever was written before the relay first ran. The default is therefore
 * {@code snapshot.mode=never}: with no stored offset the connector reads the binlog <em>from its beginning</em>
 * and rebuilds the table schema from the DDL it finds there, so events written before the relay ever ran are
 * relayed. This requires the binlog to still hold everything since the outbox tables were created (true for
 * the local stack and for a new installation; set {@code binlog_expire_logs_seconds} generously). Where that
 * is not true, set {@code payonce.relay.snapshot-mode=no_data} and start the relay before the writers
 * (gateway, consumer): it then starts at the current binlog position. Losing the offsets topic with
 * {@code never} re-reads the whole binlog: everything is re-sent, which the consumer tolerates.
 *
 * <h2>Restart and failures</h2> A restart resumes at the stored position. A lost database connection or a
 * restarted server is retried forever by the connector ({@code errors.max.retries=-1}); a leader without its
 * binlog connection for {@code payonce.relay.leadership.database-loss-tolerance} hands the lead to a standby.
 * Kafka down: transactions fail, are aborted and sent again; health turns DOWN after
 * {@code payonce.relay.delivery.unhealthy-after}.
 * <b>Binlog purged while the relay was down</b>: neither mode allows a new snapshot, so the connector
 * cannot resume (MariaDB answers that the requested GTID state is in no binlog file any more) and stops;
 * the error is not retriable. The log says {@code BINLOG PURGED} with the cause, and the health is DOWN
 * with the same text ({@code PurgedBinlogFailsLoudlyIT}); the term hands the lead over, and every following
 * term fails the same way until an operator acts. Nothing is skipped silently.
 *
 * <h2>Least privilege</h2> The relay connects as {@code payonce_cdc} (replication and read grants only).
 * Debezium logs its configuration with passwords masked; {@code RelayDatabaseProperties#toString()} masks
 * it too.
 */
package io.payonce.relay;
