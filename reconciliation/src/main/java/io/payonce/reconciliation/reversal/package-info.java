/**
 * Reversal of a confirmed duplicate deduction: an operator action (HTTP {@code POST /api/v1/reversals}, ADMIN
 * only, or the {@link io.payonce.reconciliation.reversal.cli.ReverseCommand} CLI), never automatic.
 * <p>
 * One transaction inserts the {@code REVERSE_DEDUCT} flow {@code <biz_no>-REVERSE} with the positive amount,
 * credits the balance ({@code balance = balance + ?}) and writes the audit row. Idempotency is the unique key
 * {@code uk_biz_no_type}: of two concurrent requests one inserts, the other blocks on the key, then fails and
 * rolls back, and is answered ALREADY_REVERSED. Consequence: one reversal per biz_no; a third charge of the
 * same order needs a human decision (its reversal would need another biz_no).
 * <p>
 * <b>Audit in a table, not a file.</b> {@code t_reversal_audit} lives in the trade schema, created by this
 * module's Flyway with its own history table {@code flyway_reconciliation_history}, because the audit row of a
 * reversal must commit or roll back with the reversal itself; a file cannot share that transaction, and
 * finance queries it next to the flows. Refused and repeated requests are audited too, in their own
 * transaction.
 */
package io.payonce.reconciliation.reversal;
