package io.payonce.consumer.deduct.domain;

/** Which of the three guards recognised a duplicate. */
public enum DuplicateLayer {

	/** The Redis entry was DONE with the same fingerprint: the database was not touched. */
	REDIS("redis"),

	/** The order CAS found the order PAID already, by this payNo. */
	STATE("state"),

	/**
	 * The order CAS found the order PAID already, paid before the ledger recorded payNos: taken for this payment,
	 * since the ledger cannot tell it from another (counted apart, so operators see how often that happens).
	 */
	STATE_UNATTRIBUTED("state_unattributed"),

	/** The flow insert hit {@code uk_biz_no_type}. */
	UNIQUE_INDEX("unique_index");

	private final String tag;

	DuplicateLayer(String tag) {
		this.tag = tag;
	}

	/** The metric tag value. */
	public String tag() {
		return this.tag;
	}

}
