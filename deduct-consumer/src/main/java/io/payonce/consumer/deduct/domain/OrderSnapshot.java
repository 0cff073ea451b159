package io.payonce.consumer.deduct.domain;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

import io.payonce.contract.PaySuccess;

/**
 * The order row as read under a lock after a missed CAS.
 *
 * @param paidBy the payNo whose CAS made the order PAID; empty while INIT and for orders paid before the ledger
 * recorded payNos
 */
public record OrderSnapshot(String orderNo, long userId, BigDecimal amount, String currency, OrderStatus status,
		Optional<String> paidBy) {

	public OrderSnapshot {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(paidBy, "paidBy");
	}

	/** Same user, same money: {@code 199.0} and {@code 199.00} are equal amounts. */
	public boolean matches(PaySuccess payment) {
		return this.userId == payment.userId() && this.amount.compareTo(payment.amount()) == 0
				&& this.currency.equals(payment.currency());
	}

}
