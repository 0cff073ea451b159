package io.payonce.reconciliation.reversal;

/** Every answer a reversal request can get; each one is audited. */
public enum ReversalOutcome {

	/** The REVERSE_DEDUCT flow was posted and the balance restored, in one transaction. */
	REVERSED(true),
	/** The biz_no already has its reversal (the unique key said so): nothing changed. */
	ALREADY_REVERSED(true),
	FLOW_NOT_FOUND(false),
	/** The flow is a reversal itself, or not a debit. */
	NOT_A_DEDUCTION(false),
	/** The flow's biz_no has a single deduction: that is the order's real charge, not a duplicate. */
	NOT_A_DUPLICATE(false),
	/**
	 * The biz_no's one reversal place ({@code uk_biz_no_type}) is held by a reversal booked before trade migration
	 * V2 for another order (the orderNo without its {@code -REVERSE} end): this duplicate needs a human decision.
	 */
	REVERSAL_PLACE_TAKEN(false),
	/** No account row for the flow's user; nothing was written. */
	ACCOUNT_NOT_FOUND(false);

	private final boolean settled;

	ReversalOutcome(boolean settled) {
		this.settled = settled;
	}

	/** {@code true} when the flow is reversed now (by this request or an earlier one). */
	public boolean settled() {
		return this.settled;
	}

}
