package io.payonce.consumer.deduct.domain;

/** The classification of one delivery, and what happens to its record. */
public enum Outcome {

	/** This delivery deducted. Acknowledge. */
	FIRST(Route.ACKNOWLEDGE),

	/** Already deducted (see {@link DuplicateLayer}). Acknowledge; no money moved. */
	DUPLICATE(Route.ACKNOWLEDGE),

	/**
	 * A second platform payment (another payNo) for an order another payment paid: nothing deducted, a
	 * {@code DuplicatePayment} to the refund topic. Never a silent skip.
	 */
	DUPLICATE_PAYMENT(Route.REFUND),

	/** Same orderNo, other content. Terminal topic, alert. */
	CONFLICT(Route.TERMINAL),

	/** Business-retryable (insufficient balance, order or account not yet there). Retry topic. */
	RETRY(Route.RETRY),

	/** Will not succeed by waiting (illegal state, currency mismatch, unreadable, unknown type). Terminal topic. */
	TERMINAL(Route.TERMINAL);

	private final Route route;

	Outcome(Route route) {
		this.route = route;
	}

	public Route route() {
		return this.route;
	}

	/** Where the record goes once the outcome is known; only then is the offset acknowledged. */
	public enum Route {

		ACKNOWLEDGE, RETRY, TERMINAL,

		/** A {@code DuplicatePayment} event to {@code pay.refund-required}, publish awaited, then acknowledge. */
		REFUND

	}

}
