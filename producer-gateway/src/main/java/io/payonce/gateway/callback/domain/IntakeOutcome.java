package io.payonce.gateway.callback.domain;

import java.util.List;
import java.util.UUID;

/**
 * What the intake decided for one callback.
 *
 * @param eventId the event written now ({@link Result#ACCEPTED} of a SUCCESS) or earlier; {@code null} when the
 * payment has none
 * @param conflictingFields for {@link Result#CONFLICT}: the fields that differ from what is stored
 */
public record IntakeOutcome(Result result, UUID eventId, List<String> conflictingFields) {

	public enum Result {

		/** First time this payment was seen (or its status became SUCCESS); committed. */
		ACCEPTED,

		/** The same payment again; nothing new written except the duplicate counter. */
		DUPLICATE,

		/** Same orderNo or payNo, different content; nothing written. */
		CONFLICT

	}

	static IntakeOutcome accepted(UUID eventId) {
		return new IntakeOutcome(Result.ACCEPTED, eventId, List.of());
	}

	static IntakeOutcome duplicate(UUID eventId) {
		return new IntakeOutcome(Result.DUPLICATE, eventId, List.of());
	}

	static IntakeOutcome conflict(List<String> fields) {
		return new IntakeOutcome(Result.CONFLICT, null, List.copyOf(fields));
	}

}
