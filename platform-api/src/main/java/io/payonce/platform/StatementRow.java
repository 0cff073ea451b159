package io.payonce.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One payment on a platform's daily statement (one CSV line, format in {@code io.payonce.platform.statement}).
 * @param fee what the platform keeps of the amount (same currency), at most the amount
 */
public record StatementRow(String payNo, String orderNo, long userId, BigDecimal amount, String currency,
		String status, Instant paidAt, BigDecimal fee) {

	public StatementRow {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(paidAt, "paidAt");
		Objects.requireNonNull(fee, "fee");
	}

}
