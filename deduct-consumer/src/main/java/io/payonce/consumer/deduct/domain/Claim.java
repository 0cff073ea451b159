package io.payonce.consumer.deduct.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of a claim attempt.
 *
 * @param orderNo the idempotency key (never an offset or a message id)
 * @param outcome what the guard said
 * @param mine the entry this delivery wrote, present only when {@link ClaimOutcome#ACQUIRED}
 * @param observed the entry found under the key, if any; completion after a takeover swaps exactly it
 */
public record Claim(String orderNo, ClaimOutcome outcome, Optional<GuardEntry> mine, Optional<String> observed) {

	public Claim {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(outcome, "outcome");
		Objects.requireNonNull(mine, "mine");
		Objects.requireNonNull(observed, "observed");
		if ((outcome == ClaimOutcome.ACQUIRED) != mine.isPresent()) {
			throw new IllegalArgumentException("Only an ACQUIRED claim owns an entry");
		}
	}

	public static Claim acquired(String orderNo, GuardEntry mine) {
		return new Claim(orderNo, ClaimOutcome.ACQUIRED, Optional.of(mine), Optional.empty());
	}

	public static Claim found(String orderNo, ClaimOutcome outcome, String observed) {
		return new Claim(orderNo, outcome, Optional.empty(), Optional.ofNullable(observed));
	}

	public static Claim skipped(String orderNo) {
		return new Claim(orderNo, ClaimOutcome.SKIPPED, Optional.empty(), Optional.empty());
	}

	/** True when the database guards must run. */
	public boolean needsDatabase() {
		return this.outcome != ClaimOutcome.DONE_SAME_PAYMENT;
	}

}
