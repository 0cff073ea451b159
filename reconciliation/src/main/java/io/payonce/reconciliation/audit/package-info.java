/**
 * Ledger audit of a period {@code [from, to)} against the trade database (read-only, one REPEATABLE READ
 * snapshot): flows per biz_no, balances, PAID orders without a flow, flows without a PAID order.
 * <p>
 * <b>Bounded.</b> A period may span at most {@code payonce.reconciliation.audit.max-span}, and it is streamed:
 * the reader hands over one business number with its flows at a time ({@link io.payonce.reconciliation.audit.LedgerVisitor}),
 * the rules ({@link io.payonce.reconciliation.audit.LedgerAudit.Run}) keep two sums per user and pass each line
 * on ({@link io.payonce.reconciliation.audit.ReportSink}) to the report's files, which are what the API sends.
 * <p>
 * <b>Deductions are counted across types.</b> The unique key {@code (biz_no, type)} stops a second
 * {@code PAY_DEDUCT}; it does not stop a charge booked by hand or by legacy code under another type. Every
 * negative flow that is not a {@code REVERSE_DEDUCT} counts; a reversal belongs to the biz_no it carries, one booked
 * before trade migration V2 ({@code X-REVERSE}) to {@code X}.
 * <p>
 * <b>Opening balance: derived.</b> The consumer's schema keeps no opening balance and no snapshots, so
 * {@code opening = balance now − Σ flows created since from}. With that choice "closing = opening + Σ flows"
 * holds by construction and proves nothing on its own; the check that matters compares the ledger with the
 * orders: {@code expected closing = opening − Σ amounts of the PAID/SETTLED orders charged in the period + Σ top-ups}.
 * A difference is money the orders do not explain (a duplicate, an orphan flow). Known limit: a balance changed
 * without any flow is invisible to a derived opening; catching it needs balance snapshots (a possible next
 * step: store each report's closing balances and use them as the next opening). That is why money enters an
 * account only as a {@code TOP_UP} flow (package {@code topup}), never by an UPDATE of a balance.
 * <p>
 * <b>Top-ups</b> are credits under an operator's reference, not an order's number: the reader hands them over
 * apart from the business numbers, and they explain themselves (their audit row in {@code t_top_up_audit}).
 * <p>
 * <b>Two answers.</b> The whole report (every account and business number) is written to files as the ledger is
 * read; the summary ({@link io.payonce.reconciliation.audit.AuditSummary}: totals, the first findings and accounts
 * that differ) is what a person asks for first, and stays small whatever the ledger's size.
 */
package io.payonce.reconciliation.audit;
