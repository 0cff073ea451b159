package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One reconciliation finding, published as JSON on the findings topic (key = orderNo).
 *
 * @param findingId deterministic ({@code KIND:orderNo[:flowId]}): a finding re-emitted after a crash carries
 * the same id, so alert receivers can drop the repeat
 * @param payment the payment, {@code null} when a deduction arrived without one (yet)
 * @param deductions every distinct deduction known for the order when the finding was made
 * @param settlement {@code null} on the record that raises the finding. A later record with the same findingId and
 * a settlement says that what the finding reported has settled by itself (a MISSING deduction that arrived
 * late): on the topic a finding is OPEN until its settlement record follows it (same key, same partition, so
 * always after it). After an outage longer than the window, the unsettled MISSING findings are exactly the
 * payments still without their deduction.
 */
public record Finding(String findingId, FindingKind kind, String orderNo, PaymentSeen payment,
		List<DeductionSeen> deductions, String detail, Instant detectedAt, Settlement settlement) {

	public Finding {
		deductions = List.copyOf(deductions);
	}

	/** A finding raised: no settlement yet. */
	public Finding(String findingId, FindingKind kind, String orderNo, PaymentSeen payment,
			List<DeductionSeen> deductions, String detail, Instant detectedAt) {
		this(findingId, kind, orderNo, payment, deductions, detail, detectedAt, null);
	}

	/**
	 * How a finding settled.
	 *
	 * @param settledAt when reconciliation saw what settled it
	 * @param lateBy for MISSING: how long after its payment the deduction came (the window is part of it)
	 * @param detail what settled it, for people
	 * @param flowId for MISSING: the flow of the deduction that settled it, so that whoever shows the settlement
	 * can place it after that deduction; {@code null} otherwise (and on records written before it was added)
	 */
	public record Settlement(Instant settledAt, Duration lateBy, String detail, Long flowId) {

		/** A settlement not made by one deduction (a reversal, for example). */
		public Settlement(Instant settledAt, Duration lateBy, String detail) {
			this(settledAt, lateBy, detail, null);
		}

	}

	/** Whether this record settles an earlier finding with the same id rather than raising one. */
	public boolean settles() {
		return this.settlement != null;
	}

	/** The finding as raised, now known to be settled by {@code settlement}. */
	public Finding settledBy(Settlement settlement) {
		return new Finding(this.findingId, this.kind, this.orderNo, this.payment, this.deductions, this.detail,
				this.detectedAt, settlement);
	}

	/** Total deducted over every distinct deduction; for DUPLICATE this is what the user was charged. */
	public BigDecimal deductedTotal() {
		return this.deductions.stream().map(DeductionSeen::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
	}

	/** One line for logs and chat alerts. */
	public String summary() {
		if (settles()) {
			return "PayOnce reconciliation " + this.kind + " order " + this.orderNo + " settled: "
					+ this.settlement.detail();
		}
		return "PayOnce reconciliation " + this.kind + " order " + this.orderNo + ": " + this.detail;
	}

}
