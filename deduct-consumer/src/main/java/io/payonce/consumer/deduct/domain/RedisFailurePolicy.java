package io.payonce.consumer.deduct.domain;

/** What to do when the Redis guard cannot answer. */
public enum RedisFailurePolicy {

	/**
	 * Touch nothing, commit nothing: the partition retries in place until Redis is back. Records wait in
	 * Kafka; none is lost, none is doubled. The safe default for money.
	 */
	CLOSED,

	/** Skip Redis and rely on the database guards alone; every such delivery is logged and counted DEGRADED. */
	OPEN

}
