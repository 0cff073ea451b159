package io.payonce.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One payment as the platform holds it: its own id ({@code payNo}), our order, the payer, what it charged
 * (amount, at most 2 decimals, and currency), its status ({@code SUCCESS}) and when it was paid. These are the
 * fields of the callback (DESIGN.md), so a payment found by query can enter the same intake as a callback.
 */
public record PlatformPayment(String payNo, String orderNo, long userId, BigDecimal amount, String currency,
		String status, Instant paidAt) {

	public PlatformPayment {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(paidAt, "paidAt");
	}

}
