package io.payonce.reconciliation.platform;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One row of the gateway's {@code t_payment}: a platform payment as PayOnce recorded it.
 * @param kind {@code PRIMARY} (the order's payment) or {@code DUPLICATE} (another payment of the order, owed back)
 * @param source {@code CALLBACK}, {@code QUERY} or {@code STATEMENT}
 */
public record RecordedPayment(String payNo, String orderNo, String kind, String source, long userId, BigDecimal amount,
		String currency, String status, Instant paidAt) {

	public RecordedPayment {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(status, "status");
	}

	public boolean isPrimary() {
		return "PRIMARY".equals(this.kind);
	}

	public boolean succeeded() {
		return "SUCCESS".equals(this.status);
	}

}
