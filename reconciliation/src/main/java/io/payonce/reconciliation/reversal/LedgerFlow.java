package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;

/**
 * A {@code t_account_flow} row as the reversal sees it; deductions are negative.
 *
 * @param reversesFlowId for a reversal booked since trade migration V2: the flow it reverses; otherwise
 * {@code null}
 */
public record LedgerFlow(long id, long userId, BigDecimal amount, String bizNo, String type, Long reversesFlowId) {

	public boolean isReversal() {
		return Reversals.REVERSE_DEDUCT.equals(this.type);
	}

	/** A charge: any negative flow that is not a reversal, whatever its type. */
	public boolean isDeduction() {
		return !isReversal() && this.amount.signum() < 0;
	}

	/** The business number (orderNo) this flow belongs to; see {@link Reversals#owner}. */
	public String owner() {
		return Reversals.owner(this.bizNo, this.type, this.reversesFlowId);
	}

}
