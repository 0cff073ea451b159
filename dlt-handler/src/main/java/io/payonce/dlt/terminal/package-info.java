/**
 * The terminal side: an index of {@code pay.success.terminal} for the console, with the operators'
 * decisions (OPEN, REPLAYED, RESOLVED) and the audit trail that makes them survive a restart and the same on
 * every handler instance.
 *
 * <p>
 * The index is rebuilt on every start by reading the terminal topic from the beginning (the topic is the
 * source of truth for what failed) and re-applying the decisions of the audit trail (the source of truth
 * for what operators did). Decisions are keyed by the topic position of the record they were made on: if a
 * replayed record fails again, the new terminal record is a different position and shows up OPEN.
 *
 * <p>
 * The trail ({@link io.payonce.dlt.terminal.AuditTrail}, in Kafka: {@code kafka.KafkaAuditTrail}) is shared by every
 * instance and written in exclusive turns: a rule decided on it ({@link io.payonce.dlt.terminal.TrailState}: not
 * replayed yet, room in the rate limit) still holds when the turn commits, whichever instance asked.
 */
package io.payonce.dlt.terminal;
