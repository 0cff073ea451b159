package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What the audit reads from the trade schema, in one consistent (repeatable-read) snapshot.
 *
 * @param flows every flow created in the period
 * @param orders the orders named by those flows' biz_no (without the {@code -REVERSE} suffix)
 * @param paidOrdersWithoutFlow PAID or SETTLED orders last changed in the period that have no flow at all
 * @param accounts the accounts of every user with a flow in the period
 */
public record LedgerSnapshot(List<Flow> flows, List<Order> orders, List<Order> paidOrdersWithoutFlow,
		List<Account> accounts) {

	public LedgerSnapshot {
		flows = List.copyOf(flows);
		orders = List.copyOf(orders);
		paidOrdersWithoutFlow = List.copyOf(paidOrdersWithoutFlow);
		accounts = List.copyOf(accounts);
	}

	/** A {@code t_account_flow} row; amounts of deductions are negative. */
	public record Flow(long id, long userId, BigDecimal amount, String bizNo, String type, Instant createdAt) {

	}

	/** A {@code t_order} row. */
	public record Order(String orderNo, long userId, BigDecimal amount, String currency, String status) {

	}

	/**
	 * A {@code t_account} row.
	 *
	 * @param balance the balance now
	 * @param flowsSinceFrom sum of every flow of the user created at or after the period's start
	 */
	public record Account(long userId, BigDecimal balance, BigDecimal flowsSinceFrom) {

	}

}
