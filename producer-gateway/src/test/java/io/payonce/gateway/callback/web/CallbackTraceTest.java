package io.payonce.gateway.callback.web;

import java.util.Map;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.payonce.contract.TraceContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the callback's event is stored with, with the real OpenTelemetry SDK behind Micrometer Tracing and no
 * server: the W3C form of the request's span (as Spring Boot's HTTP observation opens it from the platform's
 * headers), or nothing without a span.
 */
class CallbackTraceTest {

	private final SdkTracerProvider provider = SdkTracerProvider.builder()
		.setSampler(Sampler.parentBased(Sampler.alwaysOn()))
		.build();

	private final io.opentelemetry.api.trace.Tracer otel = this.provider.get("payonce-test");

	private final OtelTracer tracer = new OtelTracer(this.otel, new OtelCurrentTraceContext(), (event) -> {
	});

	private final OtelPropagator propagator = new OtelPropagator(
			ContextPropagators.create(W3CTraceContextPropagator.getInstance()), this.otel);

	private final CallbackTrace trace = new CallbackTrace(this.tracer, this.propagator);

	@AfterEach
	void close() {
		this.provider.close();
	}

	@Test
	void theRequestsSpanIsStoredAsAChildOfThePlatformsTraceWithItsTraceState() {
		// given the request's span, opened from the platform's headers
		Map<String, String> request = Map.of("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
				"tracestate", "congo=t61rcWkgMzE");
		Span span = this.propagator.extract(request, Map::get).name("http post").start();

		// when
		TraceContext stored;
		try (Tracer.SpanInScope scope = this.tracer.withSpan(span)) {
			stored = this.trace.current();
		}
		finally {
			span.end();
		}

		// then
		assertThat(stored.traceparent())
			.isEqualTo("00-4bf92f3577b34da6a3ce929d0e0e4736-" + span.context().spanId() + "-01");
		assertThat(stored.spanId()).isNotEqualTo("00f067aa0ba902b7");
		assertThat(stored.tracestate()).isEqualTo("congo=t61rcWkgMzE");
	}

	@Test
	void withoutASpanNothingIsStored() {
		assertThat(this.trace.current()).isEqualTo(TraceContext.NONE);
	}

}
