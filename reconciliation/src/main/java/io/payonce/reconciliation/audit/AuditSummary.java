package io.payonce.reconciliation.audit;

import java.time.Instant;

/**
 * What an audit found, counted; the lines themselves went to a {@link ReportSink}. {@link #balanced()} iff
 * nothing was found.
 */
public record AuditSummary(AuditPeriod period, Instant generatedAt, long bizNos, long accounts, long findings) {

	public boolean balanced() {
		return this.findings == 0;
	}

}
