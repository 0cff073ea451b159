/**
 * Reversal of a confirmed duplicate deduction: an operator action (HTTP {@code POST /api/v1/reversals}, ADMIN
 * only, or the {@link io.payonce.reconciliation.reversal.cli.ReverseCommand} CLI), never automatic.
 * <p>
 * One transaction inserts the {@code REVERSE_DEDUCT} flow under the reversed flow's own biz_no, with
 * {@code reverses_flow_id} = that flow and the opposite amount, both taken from the original row by the insert
 * itself; it credits the balance by that row's amount and writes the audit row. So a reversal never credits more
 * than the flow it reverses, and its business number fits the column for every legal orderNo (the former
 * {@code <biz_no>-REVERSE} overflowed VARCHAR(64) for orderNos over 56 characters). Idempotency is the unique keys
 * {@code uk_biz_no_type} and {@code uk_flow_reverses}: of two concurrent requests one inserts, the other blocks on
 * the key, then fails and rolls back, and is answered ALREADY_REVERSED. Consequence: one reversal per biz_no; a
 * third charge of the same order needs a human decision.
 * <p>
 * Reversals booked before trade migration V2 ({@code <biz_no>-REVERSE}, no reversed flow id) are still read as the
 * reversal of {@code <biz_no>} ({@link io.payonce.reconciliation.reversal.Reversals}); none is written any more,
 * so an orderNo ending in {@code -REVERSE} is never taken for a reversal. The one case they still decide: an
 * order {@code X-REVERSE} whose reversal place holds such a row of order {@code X} is answered
 * REVERSAL_PLACE_TAKEN, for a human.
 * <p>
 * <b>Audit in a table, not a file.</b> {@code t_reversal_audit} lives in the trade schema, created by this
 * module's Flyway with its own history table {@code flyway_reconciliation_history}, because the audit row of a
 * reversal must commit or roll back with the reversal itself; a file cannot share that transaction, and
 * finance queries it next to the flows. Refused and repeated requests are audited too, in their own
 * transaction.
 */
package io.payonce.reconciliation.reversal;
