package io.payonce.gateway.callback.web;

import java.util.HashMap;
import java.util.Map;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TraceContext;

import org.springframework.stereotype.Component;

/**
 * The trace context the callback's event is stored with: the span of the callback's request. Spring Boot's HTTP
 * observation opened that span from the platform's {@code traceparent} (and {@code tracestate}) when they were well
 * formed, or as the root of a new trace when they were absent or malformed (optional input: never a 4xx), and put
 * its trace and span ids in the logging context of the request. Written here in the W3C form by the same
 * propagator, so the relayed header continues exactly this span. No span (tracing switched off): no context, the
 * consumer starts a trace of its own.
 */
@Component
class CallbackTrace {

	private final Tracer tracer;

	private final Propagator propagator;

	CallbackTrace(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	TraceContext current() {
		Span span = this.tracer.currentSpan();
		if (span == null) {
			return TraceContext.NONE;
		}
		Map<String, String> carrier = new HashMap<>(4);
		this.propagator.inject(span.context(), carrier, Map::put);
		return TraceContext.of(carrier.get(PayonceHeaders.TRACEPARENT), carrier.get(PayonceHeaders.TRACESTATE));
	}

}
