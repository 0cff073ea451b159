package io.payonce.contract;

import java.util.regex.Pattern;

/**
 * The W3C trace context (https://www.w3.org/TR/trace-context/) an event travels with: the {@code traceparent} of
 * the span that wrote it and the caller's {@code tracestate}, as stored in the outbox columns and sent as the Kafka
 * headers {@link PayonceHeaders#TRACEPARENT} and {@link PayonceHeaders#TRACESTATE}. Plain text, no tracing library:
 * the services create spans with Micrometer Tracing; this value is what crosses a database row.
 * <p>
 * Only a well-formed version-00 traceparent is kept ({@link #of}); anything else is {@link #NONE}, never an error:
 * trace context is optional input, and a reader without one starts a new trace. The trace state travels only with a
 * valid parent (the W3C rule: without a traceparent it means nothing) and only up to {@link #MAX_TRACESTATE}
 * characters (the column's width; the W3C limit is 32 members).
 *
 * @param traceparent {@code 00-<32 hex trace id>-<16 hex span id>-<2 hex flags>}, or {@code null}
 * @param tracestate vendor state, or {@code null}
 */
public record TraceContext(String traceparent, String tracestate) {

	/** No trace context: the event's reader starts a new trace. */
	public static final TraceContext NONE = new TraceContext(null, null);

	/** Width of the {@code tracestate} outbox columns. */
	public static final int MAX_TRACESTATE = 512;

	// lower-case hex only (the W3C rule for version 00); the all-zero ids are refused below
	private static final Pattern TRACEPARENT = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

	private static final String ZERO_TRACE_ID = "0".repeat(32);

	private static final String ZERO_SPAN_ID = "0".repeat(16);

	/** What a writer may store: the given context if its traceparent is valid, else {@link #NONE}. */
	public static TraceContext of(String traceparent, String tracestate) {
		if (!isValidTraceparent(traceparent)) {
			return NONE;
		}
		boolean keepState = tracestate != null && !tracestate.isBlank() && tracestate.length() <= MAX_TRACESTATE;
		return new TraceContext(traceparent, keepState ? tracestate : null);
	}

	public static boolean isValidTraceparent(String traceparent) {
		return traceparent != null && traceparent.length() == 55 && TRACEPARENT.matcher(traceparent).matches()
				&& !traceparent.regionMatches(3, ZERO_TRACE_ID, 0, 32)
				&& !traceparent.regionMatches(36, ZERO_SPAN_ID, 0, 16);
	}

	public boolean isPresent() {
		return this.traceparent != null;
	}

	/** The trace id (32 hex), or {@code null} without a context. */
	public String traceId() {
		return (this.traceparent != null) ? this.traceparent.substring(3, 35) : null;
	}

	/** The span id of the writer (16 hex), or {@code null} without a context. */
	public String spanId() {
		return (this.traceparent != null) ? this.traceparent.substring(36, 52) : null;
	}

}
