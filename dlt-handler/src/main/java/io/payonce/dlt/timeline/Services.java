package io.payonce.dlt.timeline;

/**
 * The names the timeline gives the services and the detail keys it writes and reads, one spelling each. The
 * services that publish facts themselves use the same service names ({@code spring.application.name} without the
 * {@code payonce-} prefix).
 */
public final class Services {

	public static final String GATEWAY = "producer-gateway";

	public static final String RELAY = "outbox-relay";

	public static final String CONSUMER = "deduct-consumer";

	public static final String DLT_HANDLER = "dlt-handler";

	/** Detail keys of the facts the materialiser makes from the pipeline's records and the replay. */
	public static final String TOPIC = "topic";

	public static final String PARTITION = "partition";

	public static final String OFFSET = "offset";

	public static final String ATTEMPT = "attempt";

	/** The delivered record a retry or terminal record came from (its headers {@code payonce-origin-*}). */
	public static final String ORIGIN_TOPIC = "originTopic";

	public static final String ORIGIN_PARTITION = "originPartition";

	public static final String ORIGIN_OFFSET = "originOffset";

	/** The ledger flow a deduction booked (on the delivery's fact and on {@code pay.deducted}). */
	public static final String FLOW_ID = "flowId";

	public static final String TIER = "tier";

	public static final String DUE = "due";

	public static final String REASON = "reason";

	public static final String REPLAY_ID = "replayId";

	public static final String WHO = "who";

	public static final String DRY_RUN = "dryRun";

	private Services() {
	}

}
