package io.payonce.consumer.deduct.domain;

import java.util.List;

/**
 * The fast idempotency guard (Redis). It protects the database from duplicate traffic; it is never the only
 * guard, because keys expire, are evicted and are lost on failover.
 * <p>
 * Every method throws {@link GuardUnavailableException} when the guard cannot answer. The list methods
 * serve a whole poll of records; an implementation sends them in one round trip where it can, and must keep
 * their order: a later request for the same key sees what the earlier one wrote.
 */
public interface IdempotencyGuard {

	/** Atomically claims {@code orderNo} (SET NX with the lease) or reports what holds it. */
	Claim claim(String orderNo, String fingerprint);

	/**
	 * After the database answered "done": turns the claim into DONE with the long TTL. Swaps only the own
	 * entry, the entry seen at claim time, or an absent key.
	 *
	 * @return whether the entry is now DONE
	 */
	boolean markDone(Claim claim, String fingerprint);

	/** After a business failure: compare-and-delete of the own entry, never someone else's. */
	ReleaseResult release(Claim claim);

	/** {@link #claim} for each request, in order. */
	default List<Claim> claimAll(List<ClaimRequest> requests) {
		return requests.stream().map((request) -> claim(request.orderNo(), request.fingerprint())).toList();
	}

	/**
	 * {@link #markDone} or {@link #release} for each completion, in order.
	 *
	 * @return for each completion whether it took effect: DONE written, or own claim deleted
	 */
	default List<Boolean> completeAll(List<Completion> completions) {
		return completions.stream()
			.map((completion) -> completion.done() ? markDone(completion.claim(), completion.fingerprint())
					: release(completion.claim()) == ReleaseResult.RELEASED)
			.toList();
	}

}
