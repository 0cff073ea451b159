package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;

/**
 * "The user paid order X": what a test or {@code ./payonce} asks the platform to do.
 * @param paidAt when the user paid; {@code null} for now. Kept to the second (statements are).
 * @param faults the faults of this charge; {@code null} to draw them from the {@link FaultPlan}
 */
public record ChargeRequest(String orderNo, Long userId, BigDecimal amount, String currency, Instant paidAt,
		Set<Fault> faults) {

	/** A charge now, faults drawn from the plan. */
	public static ChargeRequest of(String orderNo, long userId, BigDecimal amount, String currency) {
		return new ChargeRequest(orderNo, userId, amount, currency, null, null);
	}

	public ChargeRequest withFaults(Set<Fault> named) {
		return new ChargeRequest(this.orderNo, this.userId, this.amount, this.currency, this.paidAt, named);
	}

	public ChargeRequest paidAt(Instant at) {
		return new ChargeRequest(this.orderNo, this.userId, this.amount, this.currency, at, this.faults);
	}

}
