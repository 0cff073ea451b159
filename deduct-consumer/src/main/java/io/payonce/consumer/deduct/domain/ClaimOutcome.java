package io.payonce.consumer.deduct.domain;

/** What the Redis guard said about a delivery. */
public enum ClaimOutcome {

	/** SET NX won: this delivery owns a PROCESSING lease. */
	ACQUIRED,

	/** DONE with the same fingerprint: a duplicate, acknowledged without touching the database. */
	DONE_SAME_PAYMENT,

	/**
	 * DONE with another fingerprint: same orderNo, another payment content (another payNo, or the same payNo with
	 * other fields). Redis cannot tell a second platform payment from a conflict: the database decides, and the
	 * entry is left as it is.
	 */
	DONE_OTHER_FINGERPRINT,

	/** PROCESSING by someone else (alive, dead or a zombie) or unreadable: the database guards decide. */
	HELD_BY_OTHER,

	/** Redis was unavailable and the policy is OPEN: no claim, the database guards decide. */
	SKIPPED

}
