package io.payonce.consumer.deduct.domain;

/** What one deduction transaction concluded. Only {@link #DEDUCTED} moved money. */
public enum LedgerResult {

	/** CAS INIT→PAID won, the flow row was inserted, the balance was debited, the outbox row written. */
	DEDUCTED,

	/** The order is already PAID by the same payment: the state machine recognised the duplicate. */
	ALREADY_PAID,

	/** The flow row exists already: the unique index {@code uk_biz_no_type} recognised the duplicate. */
	ALREADY_FLOWED,

	/** The order exists but user, amount or currency differ from the payment. Nothing written. */
	CONFLICT,

	/** The order is REFUNDED, CLOSED or in another state PAID cannot follow. Nothing written. */
	ILLEGAL_STATE,

	/** No such order (yet). Nothing written. */
	ORDER_NOT_FOUND,

	/** The balance does not cover the amount. The payment's writes were rolled back. */
	INSUFFICIENT_BALANCE;

	/** Whether the payment is settled in the database (deducted now or before): the guard may say DONE. */
	public boolean settled() {
		return this == DEDUCTED || this == ALREADY_PAID || this == ALREADY_FLOWED;
	}

}
