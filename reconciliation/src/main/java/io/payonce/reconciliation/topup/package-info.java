/**
 * Money enters an account only as a ledger operation (issue 21): a top-up, or manual credit, is a {@code TOP_UP}
 * flow under the operator's own reference and the balance credit by that flow's amount, in one transaction with its
 * audit row ({@code t_top_up_audit}). Never an {@code UPDATE} of a balance by hand: such a credit leaves no flow, and
 * the ledger audit then derives a wrong opening balance for the account.
 * <p>
 * Invariants: one top-up per reference ({@code uk_biz_no_type (biz_no, type)} with biz_no = the reference), so a
 * request sent twice credits once; the account and its currency must exist (an account has one currency, DESIGN.md);
 * every request is audited with its outcome, refused ones too; a flow is never updated or deleted. The ledger audit
 * counts a top-up as explained movement (its audit row is the proof), apart from the orders' business numbers.
 * <p>
 * {@link io.payonce.reconciliation.topup.TopUpService} is plain Java; the JDBC adapter and the ADMIN-only endpoint
 * live in {@code jdbc} and {@code web}.
 */
package io.payonce.reconciliation.topup;
