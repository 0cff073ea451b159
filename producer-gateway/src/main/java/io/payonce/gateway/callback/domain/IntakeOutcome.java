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
 */
public record IntakeOutcome(Result result, UUID eventId, boolean published, String firstPayNo,
		List<String> conflictingFields) {

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

	static IntakeOutcome accepted(UUID eventId) {
		return new IntakeOutcome(Result.ACCEPTED, eventId, eventId != null, null, List.of());
	}

	static IntakeOutcome duplicate(UUID eventId) {
		return new IntakeOutcome(Result.DUPLICATE, eventId, false, null, List.of());
	}

	static IntakeOutcome duplicatePayment(UUID eventId, boolean published, String firstPayNo) {
		return new IntakeOutcome(Result.DUPLICATE_PAYMENT, eventId, published, firstPayNo, List.of());
	}

	static IntakeOutcome conflict(List<String> fields) {
		return new IntakeOutcome(Result.CONFLICT, null, false, null, List.copyOf(fields));
	}

}
