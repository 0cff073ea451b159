package io.payonce.contract;

/**
 * Kafka header names shared by every service. Values are UTF-8 strings (numbers and instants in their
 * plain text form) so that Kafka UI and kcat show them as they are.
 */
public final class PayonceHeaders {

	/** Event id, set by the outbox EventRouter from {@code t_outbox.id}; never changes on retry or replay. */
	public static final String EVENT_ID = "id";

	/** Event type name, see {@link EventType}. */
	public static final String EVENT_TYPE = "eventType";

	/**
	 * Set by the outbox relay: the id of the relay instance that published the record (several instances run,
	 * one leads at a time). Forensics only: which instance, in which leadership, wrote a copy.
	 */
	public static final String RELAYED_BY = "payonce-relayed-by";

	/** Delivery attempt, 1 for the first delivery; the DLT handler increments it on each re-publish. */
	public static final String ATTEMPT = "payonce-attempt";

	/** Machine-readable failure reason, see {@link FailureReason}. */
	public static final String REASON = "payonce-reason";

	public static final String ERROR_CLASS = "payonce-error-class";

	public static final String ERROR_MESSAGE = "payonce-error-message";

	/** ISO-8601 instant of the first failure of this event. */
	public static final String FIRST_FAILURE_AT = "payonce-first-failure-at";

	/** ISO-8601 instant of the latest failure of this event. */
	public static final String LAST_FAILURE_AT = "payonce-last-failure-at";

	public static final String ORIGIN_TOPIC = "payonce-origin-topic";

	public static final String ORIGIN_PARTITION = "payonce-origin-partition";

	public static final String ORIGIN_OFFSET = "payonce-origin-offset";

	/**
	 * JSON array of every failure so far, appended by the DLT handler on each hop: objects of {@code attempt,
	 * reason, errorClass, errorMessage, failedAt, originTopic, originPartition, originOffset} (written and read
	 * by the dlt-handler's {@code FailureHistoryJson}; every other service passes it through unchanged).
	 */
	public static final String FAILURE_HISTORY = "payonce-failure-history";

	/** Set on records re-published by an operator from the console: the audit id of the replay. */
	public static final String REPLAY_ID = "payonce-replay-id";

	/**
	 * W3C trace context (https://www.w3.org/TR/trace-context/): {@code 00-<trace id>-<span id>-<flags>}. Taken from
	 * the platform's callback (or started there) by the gateway, stored with the outbox row, set by the relay from
	 * that row; the consumer continues the trace and sets its own span here on what it publishes; the retry ladder
	 * and the replay keep it. Optional everywhere: a record without it starts a new trace.
	 */
	public static final String TRACEPARENT = "traceparent";

	/** W3C vendor trace state, travels beside {@link #TRACEPARENT} when the caller sent one. */
	public static final String TRACESTATE = "tracestate";

	private PayonceHeaders() {
	}

}
