package io.payonce.consumer.deduct.domain;

import io.payonce.contract.TraceContext;
import org.slf4j.MDC;

/**
 * The logging context of one delivery while a line about it is written: its trace and span ids under the keys
 * Micrometer Tracing uses ({@code traceId}, {@code spanId}), so that the lines the batch logs about each payment
 * name that payment's trace although the poll is deducted together. Restores what was there before on close.
 * A delivery without trace context leaves the context as it is.
 */
public final class DeliveryLogContext implements AutoCloseable {

	public static final String TRACE_ID = "traceId";

	public static final String SPAN_ID = "spanId";

	private static final DeliveryLogContext NOTHING = new DeliveryLogContext(false, null, null);

	private final boolean entered;

	private final String previousTraceId;

	private final String previousSpanId;

	private DeliveryLogContext(boolean entered, String previousTraceId, String previousSpanId) {
		this.entered = entered;
		this.previousTraceId = previousTraceId;
		this.previousSpanId = previousSpanId;
	}

	public static DeliveryLogContext enter(TraceContext trace) {
		if (!trace.isPresent()) {
			return NOTHING;
		}
		DeliveryLogContext context = new DeliveryLogContext(true, MDC.get(TRACE_ID), MDC.get(SPAN_ID));
		MDC.put(TRACE_ID, trace.traceId());
		MDC.put(SPAN_ID, trace.spanId());
		return context;
	}

	@Override
	public void close() {
		if (this.entered) {
			restore(TRACE_ID, this.previousTraceId);
			restore(SPAN_ID, this.previousSpanId);
		}
	}

	private static void restore(String key, String value) {
		if (value == null) {
			MDC.remove(key);
		}
		else {
			MDC.put(key, value);
		}
	}

}
