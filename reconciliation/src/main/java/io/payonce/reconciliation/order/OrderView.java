package io.payonce.reconciliation.order;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One order and its payer's account, read now.
 *
 * @param orderNo the order
 * @param status {@code INIT}, {@code PAID}, {@code SETTLED}, {@code REFUNDED}, {@code CLOSED} (as stored)
 * @param userId the payer the order names
 * @param amount what the order costs
 * @param currency of the order
 * @param payNo the platform payment that paid it, null while unpaid (or paid before payNos were recorded)
 * @param account the payer's account, null when the user has none
 */
public record OrderView(String orderNo, String status, long userId, BigDecimal amount, String currency, String payNo,
		Account account) {

	public OrderView {
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
