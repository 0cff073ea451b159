package io.payonce.reconciliation.freeze;

/** The answer to a freeze or unfreeze request, as audited. */
public enum FreezeOutcome {

	/** The account is frozen now, by this request. */
	FROZEN,

	/** The account is deducted again, by this request. */
	UNFROZEN,

	/** Frozen before this request (by whom and why: the current freeze); nothing changed. */
	ALREADY_FROZEN,

	/** Not frozen (never, or unfrozen before); nothing changed. */
	NOT_FROZEN,

	/** No account of that user: nothing to freeze. */
	ACCOUNT_NOT_FOUND;

	/** Whether the request changed the state. */
	public boolean changed() {
		return this == FROZEN || this == UNFROZEN;
	}

}
