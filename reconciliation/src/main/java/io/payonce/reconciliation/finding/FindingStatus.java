package io.payonce.reconciliation.finding;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/** Whether a finding still needs someone, judged from the ledger as it is now. */
public enum FindingStatus {

	/** Still wrong in the ledger, or needs a human decision (MISMATCH). */
	OPEN,
	/** The ledger settled it: the missing deduction came, or every extra deduction was reversed. */
	SETTLED;

	/** What the trade schema holds now for the finding's order. */
	public record LedgerFacts(int deductions, int reversals) {

	}

	public static FindingStatus of(Finding finding, LedgerFacts facts) {
		if (finding.kind() == FindingKind.MISSING) {
			return (facts.deductions() > 0) ? SETTLED : OPEN;
		}
		if (finding.kind() == FindingKind.DUPLICATE) {
			return (facts.deductions() >= 2 && facts.deductions() - facts.reversals() <= 1) ? SETTLED : OPEN;
		}
		return OPEN;
	}

}
