package io.payonce.reconciliation.topup;

/** Every answer a top-up request can get; each one is audited. */
public enum TopUpOutcome {

	/** The TOP_UP flow was posted and the balance credited by its amount, in one transaction. */
	TOPPED_UP,
	/** This reference was booked before for the same account and amount: nothing changed (a repeat). */
	ALREADY_TOPPED_UP,
	/** No account for the user; nothing was written but the audit row. */
	ACCOUNT_NOT_FOUND,
	/** The account holds another currency; an account has one currency. */
	CURRENCY_MISMATCH,
	/** The reference was used for another account or amount: a new reference is needed. */
	REFERENCE_TAKEN

}
