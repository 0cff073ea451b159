package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.reversal.Reversals;

/**
 * What the audit reads from the trade schema, in one consistent (repeatable-read) snapshot.
 *
 * @param flows every flow created in the period
 * @param orders the orders those flows belong to ({@link Flow#owner()})
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

	/**
	 * A {@code t_account_flow} row; amounts of deductions are negative.
	 *
	 * @param reversesFlowId for a reversal booked since trade migration V2: the flow it reverses; otherwise
	 * {@code null}
	 */
	public record Flow(long id, long userId, BigDecimal amount, String bizNo, String type, Long reversesFlowId,
			Instant createdAt) {

		/** The business number (orderNo) this flow belongs to: its own, except a pre-V2 {@code X-REVERSE} reversal. */
		public String owner() {
			return Reversals.owner(this.bizNo, this.type, this.reversesFlowId);
		}

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
