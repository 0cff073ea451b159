package io.payonce.contract;

/**
 * The one catalogue of topic names. Nothing else in the code base spells a topic name; annotations that
 * need a compile-time constant use {@link Names}.
 */
public enum Topic {

	/** Payment succeeded at the gateway; key = orderNo, header {@code id} = event id. */
	PAY_SUCCESS(Names.PAY_SUCCESS),

	/** Business-retryable failures of the deduct consumer, rescheduled by the DLT handler. */
	PAY_SUCCESS_RETRY(Names.PAY_SUCCESS_RETRY),

	/** Records that will not succeed by waiting: conflicts, illegal states, unreadable, exhausted retries. */
	PAY_SUCCESS_TERMINAL(Names.PAY_SUCCESS_TERMINAL),

	/** A deduction was committed; written by the consumer's own outbox, carried by the relay. */
	PAY_DEDUCTED(Names.PAY_DEDUCTED),

	/**
	 * A second platform payment (new payNo) for an order that already has one: money to refund. Written through
	 * the gateway's outbox, or by the deduct consumer when the ledger finds the order paid by another payNo.
	 */
	PAY_REFUND_REQUIRED(Names.PAY_REFUND_REQUIRED),

	/**
	 * What each service did about an order, as it acted ({@link TimelineFact}, key = orderNo): the ops timeline's
	 * source beside the topics above. Forensics only, no service decides anything from it.
	 */
	PAY_TIMELINE(Names.PAY_TIMELINE);

	private final String topicName;

	Topic(String topicName) {
		this.topicName = topicName;
	}

	public String topicName() {
		return this.topicName;
	}

	public static Topic ofName(String name) {
		for (Topic topic : values()) {
			if (topic.topicName.equals(name)) {
				return topic;
			}
		}
		throw new IllegalArgumentException("Unknown topic: " + name);
	}

	/** Compile-time constants for annotations; use {@link Topic} everywhere else. */
	public static final class Names {

		public static final String PAY_SUCCESS = "pay.success";

		public static final String PAY_SUCCESS_RETRY = "pay.success.retry";

		public static final String PAY_SUCCESS_TERMINAL = "pay.success.terminal";

		public static final String PAY_DEDUCTED = "pay.deducted";

		public static final String PAY_REFUND_REQUIRED = "pay.refund-required";

		public static final String PAY_TIMELINE = "pay.timeline";

		private Names() {
		}

	}

}
