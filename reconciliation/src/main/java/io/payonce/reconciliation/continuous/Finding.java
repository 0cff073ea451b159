package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One reconciliation finding, published as JSON on the findings topic (key = orderNo).
 *
 * @param findingId deterministic ({@code KIND:orderNo[:flowId]}): a finding re-emitted after a crash carries
 * the same id, so alert receivers can drop the repeat
 * @param payment the payment, {@code null} when a deduction arrived without one (yet)
 * @param deductions every distinct deduction known for the order when the finding was made
 */
public record Finding(String findingId, FindingKind kind, String orderNo, PaymentSeen payment,
		List<DeductionSeen> deductions, String detail, Instant detectedAt) {

	public Finding {
		deductions = List.copyOf(deductions);
	}

	/** Total deducted over every distinct deduction; for DUPLICATE this is what the user was charged. */
	public BigDecimal deductedTotal() {
		return this.deductions.stream().map(DeductionSeen::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
	}

	/** One line for logs and chat alerts. */
	public String summary() {
		return "PayOnce reconciliation " + this.kind + " order " + this.orderNo + ": " + this.detail;
	}

}
