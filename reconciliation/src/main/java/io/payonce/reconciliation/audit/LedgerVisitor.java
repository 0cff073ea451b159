package io.payonce.reconciliation.audit;

import java.util.List;

import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;

/**
 * What a {@link LedgerReader} hands over, one piece at a time, in this order: every business number with its
 * flows of the period (ordered by business number, a {@code X-REVERSE} reversal with {@code X}; top-ups not among
 * them), then the paid orders without any flow, then the top-ups of the period, then the accounts of the users with
 * flows in the period.
 */
public interface LedgerVisitor {

	/**
	 * @param flows every flow of the period whose business number is {@code bizNo}, by id
	 * @param order the order of that number, {@code null} if there is none
	 */
	void bizNo(String bizNo, List<Flow> flows, Order order);

	void paidOrderWithoutFlow(Order order);

	/**
	 * A {@code TOP_UP} flow of the period: a credit under an operator's reference (not an order number), audited
	 * in {@code t_top_up_audit}, so it explains itself.
	 */
	void topUp(Flow flow);

	void account(Account account);

}
