package io.payonce.reconciliation.platform;

import java.util.Objects;

/**
 * What the gateway's intake made of a payment handed to its repair door.
 * @param detail the gateway's event id or problem, for the audit line
 */
public record RepairAnswer(Result result, String detail) {

	public RepairAnswer {
		Objects.requireNonNull(result, "result");
	}

	public enum Result {

		/** Recorded now: the order's payment, its {@code PaySuccess} written. */
		ACCEPTED,

		/** Already recorded (a callback, another instance, an earlier repair): nothing written. */
		DUPLICATE,

		/** A second charge of an order paid by another payNo: recorded, {@code DuplicatePayment} to the refund list. */
		DUPLICATE_PAYMENT,

		/** The payNo is recorded with other content (409): nothing written, an operator must look. */
		CONFLICT,

		/** Refused as invalid (400) or the gateway could not be asked (unreachable, 5xx): nothing known written. */
		FAILED

	}

	public boolean recorded() {
		return this.result == Result.ACCEPTED || this.result == Result.DUPLICATE_PAYMENT;
	}

}
