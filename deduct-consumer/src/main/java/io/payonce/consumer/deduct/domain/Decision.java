package io.payonce.consumer.deduct.domain;

import java.util.Objects;
import java.util.Optional;

import io.payonce.contract.FailureReason;

/**
 * The result of handling one delivery.
 *
 * @param outcome the classification; its route says what happens to the record
 * @param layer for {@link Outcome#DUPLICATE}: the guard that recognised it
 * @param reason for RETRY, TERMINAL and CONFLICT: why the record leaves the main path
 * @param detail a human explanation for logs and the error-message header
 * @param degraded whether Redis was skipped under the OPEN policy
 */
public record Decision(Outcome outcome, Optional<DuplicateLayer> layer, Optional<FailureReason> reason, String detail,
		boolean degraded) {

	public Decision {
		Objects.requireNonNull(outcome, "outcome");
		Objects.requireNonNull(layer, "layer");
		Objects.requireNonNull(reason, "reason");
		Objects.requireNonNull(detail, "detail");
		if ((outcome == Outcome.DUPLICATE) != layer.isPresent()) {
			throw new IllegalArgumentException("A layer belongs to a DUPLICATE and only to it");
		}
		if ((outcome.route() == Outcome.Route.ACKNOWLEDGE) == reason.isPresent()) {
			throw new IllegalArgumentException("A failure reason belongs to a routed record and only to it");
		}
	}

	public static Decision first(boolean degraded) {
		return new Decision(Outcome.FIRST, Optional.empty(), Optional.empty(), "deducted", degraded);
	}

	public static Decision duplicate(DuplicateLayer layer, boolean degraded) {
		return new Decision(Outcome.DUPLICATE, Optional.of(layer), Optional.empty(),
				"already deducted (" + layer.tag() + ")", degraded);
	}

	public static Decision failed(FailureReason reason, String detail, boolean degraded) {
		Outcome outcome = reason.retryable() ? Outcome.RETRY
				: (reason == FailureReason.CONFLICT) ? Outcome.CONFLICT : Outcome.TERMINAL;
		return new Decision(outcome, Optional.empty(), Optional.of(reason), detail, degraded);
	}

}
