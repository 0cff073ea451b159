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

	/**
	 * The account's balance, its one currency, and whether its deductions are frozen ({@code t_account_freeze}: the
	 * consumer deducts nothing from it, its payments wait with ACCOUNT_FROZEN).
	 */
	public record Account(BigDecimal balance, String currency, boolean frozen) {

		public Account {
			Objects.requireNonNull(balance, "balance");
			Objects.requireNonNull(currency, "currency");
		}

		/** An account nobody froze. */
		public Account(BigDecimal balance, String currency) {
			this(balance, currency, false);
		}

	}

}
