/**
 * The DLT handler: everything that happens to a payment after the deduct consumer gave up on it for now.
 *
 * <ul>
 * <li>{@code retry}: the retry ladder. Kafka has no TTL queues (chapter 5 of the incident used RabbitMQ's
 * DLX + TTL), so a Kafka Streams processor with {@code exactly_once_v2} holds each record of
 * {@code pay.success.retry} in a persistent store until its backoff is due and then re-publishes it to
 * {@code pay.success} (attempt + 1) or, after the last attempt, to {@code pay.success.terminal}.</li>
 * <li>{@code terminal}: an index of terminal records for the console, with status OPEN / REPLAYED /
 * RESOLVED and the operators' audit trail.</li>
 * <li>{@code alert}: backlog alerts (log, webhook, Micrometer) on the open terminal records.</li>
 * <li>{@code console}: the HTTP API and the web page; replays go through {@code pay.success} and the whole
 * guard chain of the consumer, never straight to the database.</li>
 * </ul>
 */
package io.payonce.dlt;
