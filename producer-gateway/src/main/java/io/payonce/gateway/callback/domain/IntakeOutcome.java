package io.payonce.gateway.callback.domain;

import java.util.List;
import java.util.UUID;

/**
 * What the intake decided for one callback.
 *
 * @param eventId the event written now or earlier for this payNo ({@code PaySuccess} for the order's payment,
 * {@code DuplicatePayment} for a second one); {@code null} when the payment has none
 * @param published {@code true} when this callback wrote {@link #eventId}, {@code false} when it was written
 * before or there is none
 * @param firstPayNo for {@link Result#DUPLICATE_PAYMENT}: the payment that holds the order
 * @param conflictingFields for {@link Result#CONFLICT}: the fields that differ from what is stored
 * @param rule what decided it (for the ops timeline: "found by the unique key uk_pay_no", …)
 */
public record IntakeOutcome(Result result, UUID eventId, boolean published, String firstPayNo,
		List<String> conflictingFields, Rule rule) {

	public enum Result {

		/** First time this payment was seen (or its status became SUCCESS); committed. */
		ACCEPTED,

		/** The same payment again; nothing new written except the duplicate counter. */
		DUPLICATE,

		/**
		 * A SUCCESS of another payNo for an order whose payment succeeded: a second charge, recorded in its own
		 * row with one {@code DuplicatePayment} event (money owed back). The same callback again is answered the
		 * same, counted, and writes nothing new.
		 */
		DUPLICATE_PAYMENT,

		/** Same payNo with different content, or a status going back from SUCCESS; nothing written. */
		CONFLICT

	}

	/**
	 * Which of the intake's rules decided an outcome, and the unique key that found the stored row it was decided
	 * from (the intake inserts first and reads only when a key refuses the insert).
	 */
	public enum Rule {

		/** The insert as the order's PRIMARY went through: no key was taken, the payment is new. */
		NEW_PAYMENT(null),

		/** {@code uk_pay_no} refused the insert; the stored row has the same content: the same payment again. */
		SAME_PAYMENT("uk_pay_no"),

		/** {@code uk_pay_no} refused the insert; the stored row had an earlier status and SUCCESS promoted it (CAS). */
		STATUS_BECAME_SUCCESS("uk_pay_no"),

		/** {@code uk_pay_no} refused the insert; the stored row has other content (or a SUCCESS going back). */
		CONTENT_DIFFERS("uk_pay_no"),

		/** {@code uk_primary_order_no} refused it: another payNo holds the order; this one is recorded beside it. */
		ORDER_HELD_BY_ANOTHER_PAYMENT("uk_primary_order_no"),

		/**
		 * {@code uk_primary_order_no} refused it: another payNo held the order without succeeding, and yielded it to
		 * this SUCCESS (CAS).
		 */
		TOOK_OVER_ORDER("uk_primary_order_no");

		private final String uniqueKey;

		Rule(String uniqueKey) {
			this.uniqueKey = uniqueKey;
		}

		/** The unique key whose refusal led to the decision, or {@code null} for a new payment. */
		public String uniqueKey() {
			return this.uniqueKey;
		}

	}

	static IntakeOutcome accepted(UUID eventId, Rule rule) {
		return new IntakeOutcome(Result.ACCEPTED, eventId, eventId != null, null, List.of(), rule);
	}

	static IntakeOutcome duplicate(UUID eventId) {
		return new IntakeOutcome(Result.DUPLICATE, eventId, false, null, List.of(), Rule.SAME_PAYMENT);
	}

	static IntakeOutcome duplicatePayment(UUID eventId, boolean published, String firstPayNo, Rule rule) {
		return new IntakeOutcome(Result.DUPLICATE_PAYMENT, eventId, published, firstPayNo, List.of(), rule);
	}

	static IntakeOutcome conflict(List<String> fields) {
		return new IntakeOutcome(Result.CONFLICT, null, false, null, List.copyOf(fields), Rule.CONTENT_DIFFERS);
	}

}
