package io.payonce.consumer.deduct.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * The value stored under a guard key: {@code STATE|fingerprint|ownerToken}. The owner token makes release
 * and completion compare-and-swap operations: a consumer only ever changes the entry it wrote (or, after a
 * takeover, the exact entry it saw).
 */
public record GuardEntry(GuardState state, String fingerprint, String owner) {

	private static final String SEPARATOR = "|";

	public GuardEntry {
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(fingerprint, "fingerprint");
		Objects.requireNonNull(owner, "owner");
		if (fingerprint.contains(SEPARATOR) || owner.contains(SEPARATOR)) {
			throw new IllegalArgumentException("'|' is the separator of a guard entry");
		}
	}

	public static GuardEntry processing(String fingerprint, String owner) {
		return new GuardEntry(GuardState.PROCESSING, fingerprint, owner);
	}

	public GuardEntry done() {
		return new GuardEntry(GuardState.DONE, this.fingerprint, this.owner);
	}

	public String encode() {
		return this.state.name() + SEPARATOR + this.fingerprint + SEPARATOR + this.owner;
	}

	/** Empty for anything this code did not write (a legacy {@code "1"}, a hand-set key). */
	public static Optional<GuardEntry> parse(String value) {
		if (value == null) {
			return Optional.empty();
		}
		String[] parts = value.split("\\|", -1);
		if (parts.length != 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
			return Optional.empty();
		}
		for (GuardState state : GuardState.values()) {
			if (state.name().equals(parts[0])) {
				return Optional.of(new GuardEntry(state, parts[1], parts[2]));
			}
		}
		return Optional.empty();
	}

	/**
	 * What an existing entry means for a delivery with {@code fingerprint}. Only a DONE entry with the same
	 * fingerprint is conclusive; DONE with another one is only a hint (the database tells a second payment from a
	 * conflict), and a PROCESSING entry may belong to a consumer that died between claim and commit (the
	 * incident's lost payment), so neither acknowledges anything on its own.
	 */
	public static ClaimOutcome judge(Optional<GuardEntry> existing, String fingerprint) {
		if (existing.isEmpty()) {
			// Unknown content: the database decides.
			return ClaimOutcome.HELD_BY_OTHER;
		}
		GuardEntry entry = existing.get();
		if (entry.state() == GuardState.DONE) {
			return entry.fingerprint().equals(fingerprint) ? ClaimOutcome.DONE_SAME_PAYMENT
					: ClaimOutcome.DONE_OTHER_FINGERPRINT;
		}
		return ClaimOutcome.HELD_BY_OTHER;
	}

}
