/**
 * Reconciliation's facts for the ops timeline (issue 17): FINDING (raised OPEN, then SETTLED with how late the
 * deduction came or which reversal settled it) and REVERSAL (who, which flow, how much).
 * <p>
 * <b>Published from the topics, after the commit.</b> A finding is written in a Kafka Streams exactly-once
 * transaction and a reversal in a database transaction followed by its notice on the reversals topic; neither has
 * a hook after its commit that survives a crash. So the facts are published by a consumer group that reads both
 * topics {@code read_committed} ({@code kafka.ReconciliationFactsRelay}): a fact is published only for a finding or
 * a reversal that is committed, whichever instance (or the CLI) made it, and each record is relayed by one instance
 * of the group. Offsets are committed after the facts were handed to the publisher, so a crash may publish a fact
 * twice (two lines, each true) and a publisher that drops a fact (its queue full, the broker away) leaves a gap in the
 * story, never a wrong one.
 */
package io.payonce.reconciliation.timeline;
