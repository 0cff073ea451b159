package io.payonce.consumer.deduct.domain;

/** What a compare-and-delete of the own claim did; logged as the incident's fifth log kind. */
public enum ReleaseResult {

	/** The own PROCESSING entry was deleted; a retry can claim again. */
	RELEASED,

	/** The key holds something else (expired and re-claimed, flushed): nothing deleted. */
	NOT_OWNER,

	/** This delivery held no claim (takeover, skipped): nothing to release. */
	NOTHING_HELD

}
