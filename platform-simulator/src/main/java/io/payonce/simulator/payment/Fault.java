package io.payonce.simulator.payment;

/**
 * What the platform can get wrong with one charge, on purpose. Drawn by {@link FaultPlan} from seeded rates, or
 * named in the charge request.
 */
public enum Fault {

	/** The callback is never sent (no attempt at all). Query and statement still know the payment. */
	LOSE_CALLBACK,

	/** The callback is sent twice: two deliveries with the same body, each retried until a 2xx. */
	DUPLICATE_CALLBACK,

	/**
	 * The user is charged twice: a second payment (its own payNo, same order, user, amount and currency, paid
	 * {@code second-charge-after} later) with its own callback, on the statement and in the query answer.
	 */
	CHARGE_TWICE,

	/**
	 * The callback states the amount plus {@code misstate-delta}; the statement and the query state what was
	 * charged.
	 */
	MISSTATE_CALLBACK_AMOUNT,

	/**
	 * The statement states the amount plus {@code misstate-delta}; the callback and the query state what was
	 * charged.
	 */
	MISSTATE_STATEMENT_AMOUNT

}
