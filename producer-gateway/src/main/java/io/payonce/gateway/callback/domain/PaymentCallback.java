package io.payonce.gateway.callback.domain;

import java.math.BigDecimal;
import java.time.Instant;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.PaySuccess;

/**
 * A validated callback. Only {@link #SUCCESS} becomes an event; any other status is recorded in
 * {@code t_payment} (so a later lookup can tell what the platform said) but publishes nothing, because
 * nothing downstream may deduct money for it.
 *
 * @param amount positive, scale 2
 */
public record PaymentCallback(String payNo, String orderNo, long userId, BigDecimal amount, String currency,
		String status, Instant paidAt) {

	public static final String SUCCESS = "SUCCESS";

	public boolean isSuccess() {
		return SUCCESS.equals(this.status);
	}

	/** The event this payment publishes when its status is {@link #SUCCESS}. */
	public PaySuccess toEvent() {
		return new PaySuccess(this.payNo, this.orderNo, this.userId, this.amount, this.currency, this.paidAt);
	}

	/** The event this payment publishes when its status is {@link #SUCCESS} but another payment holds its order. */
	public DuplicatePayment toDuplicateOf(String firstPayNo) {
		return DuplicatePayment.of(toEvent(), firstPayNo, DuplicatePayment.Detector.GATEWAY);
	}

	/** The contract's fingerprint of the content; status and paidAt are not part of it. */
	public String fingerprint() {
		return toEvent().fingerprint();
	}

}
