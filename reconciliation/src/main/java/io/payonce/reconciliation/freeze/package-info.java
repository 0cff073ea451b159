/**
 * The repair SOP's first step (incident chapter 5.4, issue 20): freeze an account's automatic deductions to stop the
 * loss, and unfreeze it once the cause is repaired. The state is {@code t_account_freeze} in the trade schema (the
 * consumer's migration V4), one row per account ever frozen, its status moved {@code FROZEN <-> UNFROZEN}; the deduct
 * consumer's debit refuses a FROZEN account in the statement that moves the money, and the payment waits in the retry
 * ladder with reason {@code ACCOUNT_FROZEN}, nothing lost, deducted once after the unfreeze.
 * <p>
 * Invariants: a freeze needs the account (404 otherwise); every change is guarded (the first freeze an
 * {@code INSERT ... SELECT FROM t_account}, the primary key deciding a race; later ones a CAS on status and version,
 * the row count checked) and written in one transaction with its audit row ({@code t_account_freeze_audit}: who,
 * when, why, status before and after); every request is audited with its outcome, refused ones too. Freezing a
 * frozen account or unfreezing one that is not frozen is a 409 naming who did it and why, never a silent success:
 * two operators acting on one account must see each other. An automatic freeze (the statement import's
 * UNKNOWN_PAYMENT) names its cause; meeting an account frozen already is audited and changes nothing.
 * <p>
 * {@link io.payonce.reconciliation.freeze.FreezeService} is plain Java; the JDBC adapter and the endpoints live in
 * {@code jdbc} and {@code web}.
 */
package io.payonce.reconciliation.freeze;
