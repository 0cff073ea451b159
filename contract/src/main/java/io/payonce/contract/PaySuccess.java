package io.payonce.contract;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A payment succeeded at the third-party platform and the gateway accepted its callback. Published to
 * {@link Topic#PAY_SUCCESS} with key = orderNo. Golden sample: {@code contract/pay-success.v1.json}.
 *
 * @param payNo the platform's payment number
 * @param orderNo our order number, the idempotency key of the deduction
 * @param userId the paying user
 * @param amount positive, at most two decimals; written as a JSON string so no float ever touches it
 * @param currency ISO-4217 code
 * @param paidAt when the platform says it was paid
 */
public record PaySuccess(String payNo, String orderNo, long userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal amount, String currency, Instant paidAt)
		implements PayonceEvent {

	public PaySuccess {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(paidAt, "paidAt");
		if (amount.signum() <= 0) {
			throw new IllegalArgumentException("amount must be positive: " + amount);
		}
		if (amount.stripTrailingZeros().scale() > 2) {
			throw new IllegalArgumentException("amount has more than 2 decimals: " + amount);
		}
	}

	/** What identifies the content of this payment; two deliveries with different fingerprints conflict. */
	public String fingerprint() {
		return Fingerprint.of(this);
	}

}
