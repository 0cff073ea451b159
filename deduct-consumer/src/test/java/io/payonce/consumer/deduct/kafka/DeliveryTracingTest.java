package io.payonce.consumer.deduct.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TraceContext;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of a delivery's trace, with the real OpenTelemetry SDK behind Micrometer Tracing (as the service runs
 * it, parent-based sampling, W3C propagation) and no server: a child of a well-formed {@code traceparent}, a new
 * trace otherwise, and what the consumer publishes carries the delivery's span.
 */
class DeliveryTracingTest {

	private static final String PARENT_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String PARENT = "00-" + PARENT_TRACE_ID + "-00f067aa0ba902b7-01";

	private final SdkTracerProvider provider = SdkTracerProvider.builder()
		.setSampler(Sampler.parentBased(Sampler.alwaysOn()))
		.build();

	private final OtelPropagator propagator = new OtelPropagator(
			ContextPropagators.create(W3CTraceContextPropagator.getInstance()), this.provider.get("payonce-test"));

	private final DeliveryTracing tracing = tracing(this.provider, this.propagator);

	private static DeliveryTracing tracing(SdkTracerProvider provider, OtelPropagator propagator) {
		io.opentelemetry.api.trace.Tracer otel = provider.get("payonce-test");
		OtelTracer tracer = new OtelTracer(otel, new OtelCurrentTraceContext(), (event) -> {
		});
		return new DeliveryTracing(tracer, propagator);
	}

	@AfterEach
	void close() {
		this.provider.close();
	}

	@Test
	void aDeliveryIsAChildOfTheRelayedTraceparentAndKeepsItsTraceState() {
		// given
		ConsumerRecord<String, byte[]> record = aRecord(PARENT, "congo=t61rcWkgMzE");

		// when
		DeliveryTracing.Delivery delivery = this.tracing.start(record);
		delivery.end();

		// then: same trace, a span of its own, sampled as its parent, the vendor state passed on
		TraceContext context = delivery.context();
		assertThat(context.traceId()).isEqualTo(PARENT_TRACE_ID);
		assertThat(context.spanId()).isNotEqualTo("00f067aa0ba902b7").isEqualTo(delivery.span().context().spanId());
		assertThat(delivery.span().context().parentId()).isEqualTo("00f067aa0ba902b7");
		assertThat(context.traceparent()).endsWith("-01");
		assertThat(context.tracestate()).isEqualTo("congo=t61rcWkgMzE");
	}

	@Test
	void anUnsampledParentStaysUnsampledButItsTraceContinues() {
		// when
		TraceContext context = this.tracing.start(aRecord("00-" + PARENT_TRACE_ID + "-00f067aa0ba902b7-00", null))
			.context();

		// then
		assertThat(context.traceId()).isEqualTo(PARENT_TRACE_ID);
		assertThat(context.traceparent()).endsWith("-00");
	}

	@ParameterizedTest
	@ValueSource(strings = { "garbage", "00-" + "4BF92F3577B34DA6A3CE929D0E0E4736" + "-00f067aa0ba902b7-01",
			"ff-" + PARENT_TRACE_ID + "-00f067aa0ba902b7-01", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
			"00-" + PARENT_TRACE_ID + "-0000000000000000-01", "" })
	void aMalformedTraceparentStartsANewTraceInsteadOfFailingTheDelivery(String malformed) {
		// when
		TraceContext context = this.tracing.start(aRecord(malformed, "congo=t61rcWkgMzE")).context();

		// then
		assertThat(context.isPresent()).isTrue();
		assertThat(context.traceId()).isNotEqualTo(PARENT_TRACE_ID);
		assertThat(context.tracestate()).isNull();
	}

	@Test
	void aRecordWithoutTraceparentStartsANewTraceForEachDelivery() {
		// when
		TraceContext one = this.tracing.start(aRecord(null, null)).context();
		TraceContext other = this.tracing.start(aRecord(null, null)).context();

		// then
		assertThat(TraceContext.isValidTraceparent(one.traceparent())).isTrue();
		assertThat(one.traceId()).isNotEqualTo(other.traceId());
	}

	@Test
	void theDeliverysContextIsWhatTheContractKeepsOfThePropagatorsHeadersForEveryKindOfParent() {
		// given parents sampled or not, with and without trace state (blank, too long for the column, several
		// members), malformed, or none at all
		Random random = new Random(17);
		List<String> states = Arrays.asList(null, "", "   ", "congo=t61rcWkgMzE",
				"rojo=00f067aa0ba902b7,congo=t61rcWkgMzE", "a=" + "x".repeat(TraceContext.MAX_TRACESTATE),
				"a=" + "x".repeat(TraceContext.MAX_TRACESTATE - 2));
		for (int n = 0; n < 700; n++) {
			String parent = switch (n % 5) {
				case 0 -> null;
				case 1 -> "garbage";
				default -> "00-" + hex(random, 32) + "-" + hex(random, 16) + "-0" + random.nextInt(2);
			};
			String state = states.get(n % states.size());

			// when
			DeliveryTracing.Delivery delivery = this.tracing.start(aRecord(parent, state));

			// then the same context as the contract's validating factory makes of what the propagator writes
			Map<String, String> written = new HashMap<>();
			this.propagator.inject(delivery.span().context(), written, Map::put);
			assertThat(delivery.context()).as("parent %s, state %s", parent, state)
				.isEqualTo(TraceContext.of(written.get(PayonceHeaders.TRACEPARENT),
						written.get(PayonceHeaders.TRACESTATE)));
			assertThat(TraceContext.isValidTraceparent(delivery.context().traceparent())).isTrue();
			delivery.end();
		}
	}

	private static String hex(Random random, int length) {
		StringBuilder hex = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			hex.append(Character.forDigit(random.nextInt(16), 16));
		}
		return hex.toString();
	}

	@Test
	void aRoutedRecordCarriesTheDeliverysSpanInsteadOfTheRelayedOne() {
		// given a delivery of a relayed record that failed for the balance
		ConsumerRecord<String, byte[]> record = aRecord(PARENT, "congo=t61rcWkgMzE");
		DeliveryTracing.Delivery delivery = this.tracing.start(record);
		FailureRouter router = new FailureRouter(null, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), Duration.ZERO);

		// when
		Headers headers = router.failureHeaders(record, FailureReason.INSUFFICIENT_BALANCE, "x", "low");
		FailureRouter.putTrace(headers, delivery.context());

		// then one traceparent, the delivery's: the retry ladder keeps it, the next delivery is its child
		assertThat(headers.headers(PayonceHeaders.TRACEPARENT)).hasSize(1);
		assertThat(text(headers, PayonceHeaders.TRACEPARENT)).isEqualTo(delivery.context().traceparent());
		assertThat(text(headers, PayonceHeaders.TRACESTATE)).isEqualTo("congo=t61rcWkgMzE");
	}

	@Test
	void aRecordRoutedOutsideADeliverysSpanKeepsItsOwnTraceContext() {
		// given
		ConsumerRecord<String, byte[]> record = aRecord(PARENT, null);
		FailureRouter router = new FailureRouter(null, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), Duration.ZERO);

		// when
		Headers headers = router.failureHeaders(record, FailureReason.UNREADABLE, "x", "unreadable");
		FailureRouter.putTrace(headers, TraceContext.NONE);

		// then
		assertThat(text(headers, PayonceHeaders.TRACEPARENT)).isEqualTo(PARENT);
	}

	private static ConsumerRecord<String, byte[]> aRecord(String traceparent, String tracestate) {
		ConsumerRecord<String, byte[]> record = new ConsumerRecord<>("pay.success", 3, 42L, "O-1",
				"{}".getBytes(StandardCharsets.UTF_8));
		if (traceparent != null) {
			record.headers().add(PayonceHeaders.TRACEPARENT, traceparent.getBytes(StandardCharsets.UTF_8));
		}
		if (tracestate != null) {
			record.headers().add(PayonceHeaders.TRACESTATE, tracestate.getBytes(StandardCharsets.UTF_8));
		}
		return record;
	}

	private static String text(Headers headers, String name) {
		return (headers.lastHeader(name) == null) ? null
				: new String(headers.lastHeader(name).value(), StandardCharsets.UTF_8);
	}

}
