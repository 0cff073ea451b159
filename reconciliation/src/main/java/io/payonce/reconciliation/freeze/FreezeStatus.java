package io.payonce.reconciliation.freeze;

/** The two states of {@code t_account_freeze.status}; an account without a row was never frozen. */
public enum FreezeStatus {

	/** The consumer deducts nothing from the account: its payments wait with {@code ACCOUNT_FROZEN}. */
	FROZEN,

	/** Frozen once, deducted again. */
	UNFROZEN

}
