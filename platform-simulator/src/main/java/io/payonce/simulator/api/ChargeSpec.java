package io.payonce.simulator.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;

import io.payonce.simulator.payment.ChargeRequest;
import io.payonce.simulator.payment.Fault;

/**
 * The body of {@code POST /api/v1/payments}: "the user paid this order".
 * @param amount a decimal string ({@code "199.00"}) or number, at most 2 decimals
 * @param paidAt optional, ISO-8601; now if absent
 * @param faults optional; absent: drawn from the configured rates; {@code []}: none
 */
public record ChargeSpec(String orderNo, Long userId, BigDecimal amount, String currency, Instant paidAt,
		Set<Fault> faults) {

	/** A charge now in CNY, faults drawn from the configured rates. */
	public static ChargeSpec of(String orderNo, long userId, BigDecimal amount) {
		return new ChargeSpec(orderNo, userId, amount, "CNY", null, null);
	}

	public ChargeSpec withFaults(Fault... named) {
		return new ChargeSpec(this.orderNo, this.userId, this.amount, this.currency, this.paidAt, Set.of(named));
	}

	public ChargeSpec withPaidAt(Instant at) {
		return new ChargeSpec(this.orderNo, this.userId, this.amount, this.currency, at, this.faults);
	}

	public ChargeRequest toRequest() {
		return new ChargeRequest(this.orderNo, this.userId, this.amount, this.currency, this.paidAt, this.faults);
	}

}
