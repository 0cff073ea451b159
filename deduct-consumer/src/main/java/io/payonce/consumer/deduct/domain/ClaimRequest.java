package io.payonce.consumer.deduct.domain;

import java.util.Objects;

/**
 * One delivery asking the guard for its key.
 *
 * @param orderNo the idempotency key
 * @param fingerprint the payment content the delivery carries
 */
public record ClaimRequest(String orderNo, String fingerprint) {

	public ClaimRequest {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(fingerprint, "fingerprint");
	}

}
