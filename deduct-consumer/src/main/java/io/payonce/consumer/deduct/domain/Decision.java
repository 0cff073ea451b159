package io.payonce.consumer.deduct.domain;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import io.payonce.contract.FailureReason;

/**
 * The result of handling one delivery.
 *
 * @param outcome the classification; its route says what happens to the record
 * @param layer for {@link Outcome#DUPLICATE}: the guard that recognised it
 * @param reason for RETRY, TERMINAL and CONFLICT: why the record leaves the main path
 * @param paidBy for {@link Outcome#DUPLICATE_PAYMENT}: the payNo that paid the order
 * @param detail a human explanation for logs and the error-message header
 * @param degraded whether Redis was skipped under the OPEN policy
 * @param deduction for {@link Outcome#FIRST}: the flow and the balance after it, when the ledger told them
 */
public record Decision(Outcome outcome, Optional<DuplicateLayer> layer, Optional<FailureReason> reason,
		Optional<String> paidBy, String detail, boolean degraded, Optional<Deduction> deduction) {

	/** {@link #duplicate}'s answers, by layer and degraded. */
	private static final Decision[] DUPLICATES = Arrays.stream(DuplicateLayer.values())
		.flatMap((layer) -> Stream.of(newDuplicate(layer, false), newDuplicate(layer, true)))
		.toArray(Decision[]::new);

	public Decision {
		Objects.requireNonNull(outcome, "outcome");
		Objects.requireNonNull(layer, "layer");
		Objects.requireNonNull(reason, "reason");
		Objects.requireNonNull(paidBy, "paidBy");
		Objects.requireNonNull(detail, "detail");
		if ((outcome == Outcome.DUPLICATE) != layer.isPresent()) {
			throw new IllegalArgumentException("A layer belongs to a DUPLICATE and only to it");
		}
		boolean failed = outcome.route() == Outcome.Route.RETRY || outcome.route() == Outcome.Route.TERMINAL;
		if (failed != reason.isPresent()) {
			throw new IllegalArgumentException("A failure reason belongs to a retry or terminal record and only to it");
		}
		if ((outcome == Outcome.DUPLICATE_PAYMENT) != paidBy.isPresent()) {
			throw new IllegalArgumentException("The paying payNo belongs to a DUPLICATE_PAYMENT and only to it");
		}
		Objects.requireNonNull(deduction, "deduction");
		if (deduction.isPresent() && outcome != Outcome.FIRST) {
			throw new IllegalArgumentException("A deduction's receipt belongs to FIRST and only to it");
		}
	}

	public Decision(Outcome outcome, Optional<DuplicateLayer> layer, Optional<FailureReason> reason,
			Optional<String> paidBy, String detail, boolean degraded) {
		this(outcome, layer, reason, paidBy, detail, degraded, Optional.empty());
	}

	public static Decision first(boolean degraded) {
		return first(degraded, Optional.empty());
	}

	/** This delivery deducted; {@code deduction} is its receipt when the ledger gave one. */
	public static Decision first(boolean degraded, Optional<Deduction> deduction) {
		return new Decision(Outcome.FIRST, Optional.empty(), Optional.empty(), Optional.empty(), "deducted", degraded,
				deduction);
	}

	public static Decision duplicate(DuplicateLayer layer, boolean degraded) {
		// a value without identity: every duplicate of a layer shares one (a redelivery storm decides thousands a second)
		return DUPLICATES[layer.ordinal() * 2 + (degraded ? 1 : 0)];
	}

	private static Decision newDuplicate(DuplicateLayer layer, boolean degraded) {
		return new Decision(Outcome.DUPLICATE, Optional.of(layer), Optional.empty(), Optional.empty(),
				"already deducted (" + layer.tag() + ")", degraded);
	}

	/** Another payNo paid the order: this payment is money owed back. */
	public static Decision duplicatePayment(String paidBy, boolean degraded) {
		return new Decision(Outcome.DUPLICATE_PAYMENT, Optional.empty(), Optional.empty(), Optional.of(paidBy),
				"order already paid by payNo " + paidBy + "; this payment is owed back", degraded);
	}

	public static Decision failed(FailureReason reason, String detail, boolean degraded) {
		Outcome outcome = reason.retryable() ? Outcome.RETRY
				: (reason == FailureReason.CONFLICT) ? Outcome.CONFLICT : Outcome.TERMINAL;
		return new Decision(outcome, Optional.empty(), Optional.of(reason), Optional.empty(), detail, degraded);
	}

}
