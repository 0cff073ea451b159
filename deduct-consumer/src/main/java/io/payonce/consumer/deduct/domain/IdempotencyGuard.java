package io.payonce.consumer.deduct.domain;

/**
 * The fast idempotency guard (Redis). It protects the database from duplicate traffic; it is never the only
 * guard, because keys expire, are evicted and are lost on failover.
 * <p>
 * Every method throws {@link GuardUnavailableException} when the guard cannot answer.
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

}
