package io.payonce.contract;

/**
 * Why a record left the main path. The first group is worth waiting for; the second is not.
 */
public enum FailureReason {

	/** The account balance does not cover the amount (yet): a top-up may arrive. */
	INSUFFICIENT_BALANCE(true),

	/** The order does not exist (yet): the order service may still be writing it. */
	ORDER_NOT_FOUND(true),

	/** The user has no account (yet): accounts may be opened after their first order. Never "insufficient". */
	ACCOUNT_NOT_FOUND(true),

	/**
	 * An operator (or the statement import's UNKNOWN_PAYMENT check) froze the account's deductions: the payment waits
	 * in the retry ladder, nothing written, and is deducted once after the unfreeze. A freeze that outlasts the ladder
	 * ends terminal (RETRIES_EXHAUSTED, last reason ACCOUNT_FROZEN), replayable after the unfreeze.
	 */
	ACCOUNT_FROZEN(true),

	/** The payload cannot be decoded or violates the contract. */
	UNREADABLE(false),

	/** An event type this consumer does not know. */
	UNKNOWN_EVENT_TYPE(false),

	/** Same orderNo, but amount, user or currency differ from the order or an earlier delivery. */
	CONFLICT(false),

	/** The payment's currency is not the currency of the user's account: never debited one for one. */
	CURRENCY_MISMATCH(false),

	/** The order is in a state from which PAID is not reachable (REFUNDED, CLOSED, ...). */
	ILLEGAL_STATE(false),

	/** The retry ladder is exhausted. */
	RETRIES_EXHAUSTED(false);

	private final boolean retryable;

	FailureReason(boolean retryable) {
		this.retryable = retryable;
	}

	public boolean retryable() {
		return this.retryable;
	}

}
