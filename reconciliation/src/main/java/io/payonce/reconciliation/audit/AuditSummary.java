package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.audit.AuditReport.AccountLine;

/**
 * What an audit found, counted; the lines themselves went to a {@link ReportSink}. {@link #balanced()} iff
 * nothing was found. For the short answer it keeps the first {@value #SHOWN} findings and accounts that differ,
 * never more, so that a broken ledger cannot make it large.
 *
 * @param findingsShown the first findings, at most {@value #SHOWN}
 * @param accountsDiffering the first accounts whose closing balance differs from what explains it, at most
 * {@value #SHOWN}
 */
public record AuditSummary(AuditPeriod period, Instant generatedAt, long bizNos, long accounts, long findings,
		Totals totals, List<AuditFinding> findingsShown, List<AccountLine> accountsDiffering) {

	/** How many findings and differing accounts the summary names. */
	public static final int SHOWN = 100;

	public AuditSummary {
		findingsShown = List.copyOf(findingsShown);
		accountsDiffering = List.copyOf(accountsDiffering);
	}

	/** Counts only (an in-memory report, whose lines are all at hand). */
	public AuditSummary(AuditPeriod period, Instant generatedAt, long bizNos, long accounts, long findings) {
		this(period, generatedAt, bizNos, accounts, findings, Totals.NONE, List.of(), List.of());
	}

	public boolean balanced() {
		return this.findings == 0;
	}

	/**
	 * The money of the period: deductions (negative flows that are not reversals, as positive sum), reversals and
	 * top-ups (credits), each with its number of flows.
	 */
	public record Totals(long deductions, BigDecimal deducted, long reversals, BigDecimal reversed, long topUps,
			BigDecimal toppedUp) {

		static final Totals NONE = new Totals(0, BigDecimal.ZERO, 0, BigDecimal.ZERO, 0, BigDecimal.ZERO);

	}

}
