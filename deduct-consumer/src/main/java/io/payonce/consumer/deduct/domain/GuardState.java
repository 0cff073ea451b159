package io.payonce.consumer.deduct.domain;

/** The life of a Redis guard entry: a short PROCESSING lease, then DONE with the long TTL. */
public enum GuardState {

	/** Claimed, the deduction is running; expires after the lease so a dead claimant blocks no one for long. */
	PROCESSING,

	/** The database committed; kept for the long TTL so redeliveries stop at Redis. */
	DONE

}
