package io.payonce.ops.logging;

import java.util.LinkedHashMap;
import java.util.Map;
import io.payonce.contract.TraceContext;
import org.slf4j.MDC;

/**
 * The logging context of one order while the lines about it are written, under the keys the gateway's and the
 * consumer's logging patterns print: {@code orderNo}, and {@code traceId} / {@code spanId} of the W3C
 * {@code traceparent} the order's record travels with (the keys Micrometer Tracing uses for the current span). For
 * a service that acts on a record outside a traced request (the relay publishing an outbox row, the dlt-handler
 * moving a retry, reconciliation judging an order), so that {@code grep <traceId>} finds its lines next to the
 * gateway's and the consumer's.
 * <p>
 * A missing or malformed traceparent ({@link TraceContext#of}) puts no trace ids (never an error: trace context is
 * optional input). Close
 * restores exactly what the keys held before, so nested scopes and a pooled thread keep no one else's ids.
 */
public final class TraceLogContext implements AutoCloseable {

	public static final String ORDER_NO = "orderNo";

	public static final String TRACE_ID = "traceId";

	public static final String SPAN_ID = "spanId";

	private final Map<String, String> previous;

	private TraceLogContext(Map<String, String> previous) {
		this.previous = previous;
	}

	/**
	 * @param orderNo the order the lines are about, or {@code null} to leave that key as it is
	 * @param traceparent the record's W3C traceparent, or {@code null}
	 */
	public static TraceLogContext enter(String orderNo, String traceparent) {
		Map<String, String> values = new LinkedHashMap<>();
		if (orderNo != null) {
			values.put(ORDER_NO, orderNo);
		}
		TraceContext trace = TraceContext.of(traceparent, null);
		if (trace.isPresent()) {
			values.put(TRACE_ID, trace.traceId());
			values.put(SPAN_ID, trace.spanId());
		}
		Map<String, String> previous = new LinkedHashMap<>();
		values.forEach((key, value) -> {
			previous.put(key, MDC.get(key));
			MDC.put(key, value);
		});
		return new TraceLogContext(previous);
	}

	@Override
	public void close() {
		this.previous.forEach((key, value) -> {
			if (value == null) {
				MDC.remove(key);
			}
			else {
				MDC.put(key, value);
			}
		});
	}

}
