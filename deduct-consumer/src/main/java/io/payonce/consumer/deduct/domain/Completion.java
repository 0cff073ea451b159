package io.payonce.consumer.deduct.domain;

import java.util.Objects;

/**
 * What to do with a claim once the database answered: {@code done} turns it into DONE (the payment is
 * settled in the database), otherwise the own claim is released (compare-and-delete).
 *
 * @param claim the claim as the guard returned it
 * @param fingerprint the payment content, written into the DONE entry
 * @param done whether the database says the payment is settled
 */
public record Completion(Claim claim, String fingerprint, boolean done) {

	public Completion {
		Objects.requireNonNull(claim, "claim");
		Objects.requireNonNull(fingerprint, "fingerprint");
	}

}
