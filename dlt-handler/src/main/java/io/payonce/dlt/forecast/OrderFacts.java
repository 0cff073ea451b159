package io.payonce.dlt.forecast;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An order and its payer's account as the ledger holds them now.
 *
 * @param status as stored ({@code INIT}, {@code PAID}, {@code SETTLED}, {@code REFUNDED}, {@code CLOSED}, or a
 * value the consumer does not know)
 * @param payNo the payment that paid it, null while unpaid or when paid before payNos were recorded
 * @param account null when the user has no account
 */
public record OrderFacts(String orderNo, String status, long userId, BigDecimal amount, String currency, String payNo,
		Account account) {

	public OrderFacts {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
	}

	public record Account(BigDecimal balance, String currency) {

		public Account {
			Objects.requireNonNull(balance, "balance");
			Objects.requireNonNull(currency, "currency");
		}

	}

}
