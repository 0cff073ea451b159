package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.util.List;

/**
 * One thing the ledger audit found wrong.
 *
 * @param key the biz_no (order number) or, for {@link Kind#ACCOUNT_UNBALANCED}, the user id
 * @param amount the money concerned (the excess deducted, the unexplained movement, the order amount)
 */
public record AuditFinding(Kind kind, String key, long userId, BigDecimal amount, List<Long> flowIds,
		String detail) {

	public AuditFinding {
		flowIds = List.copyOf(flowIds);
	}

	public enum Kind {

		/** More deductions than reversals + 1 for one biz_no, whatever their type: a double charge. */
		DUPLICATE_DEDUCTION,
		/** The net of a biz_no's flows differs from the order amount. */
		AMOUNT_MISMATCH,
		/** A deduction of another user than the order's. */
		USER_MISMATCH,
		/** Flows whose biz_no names no PAID/SETTLED order. */
		FLOW_WITHOUT_PAID_ORDER,
		/** A PAID/SETTLED order without any flow: the user was not charged. */
		PAID_ORDER_WITHOUT_FLOW,
		/** An account's flows in the period differ from what its paid orders explain. */
		ACCOUNT_UNBALANCED

	}

}
