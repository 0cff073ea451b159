package io.payonce.consumer.deduct.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TraceContext;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * One span per delivery (issue 17): a child of the record's {@code traceparent} (set by the relay from the outbox
 * row, kept by the retry ladder and the replay), or the root of a new trace when the record has none or a
 * malformed one (optional input: never a reason to refuse a record). The poll is deducted together, so the span
 * is not made current around the batch; its ids are what the lines about the delivery carry
 * ({@link io.payonce.consumer.deduct.domain.DeliveryLogContext}, {@link #enter}) and its context is what the
 * consumer writes on everything it publishes for that delivery (retry or terminal record, {@code DuplicatePayment},
 * the {@code PayDeducted} outbox row). Micrometer Tracing's propagator parses and formats the W3C headers.
 */
public class DeliveryTracing {

	private static final Propagator.Getter<Headers> KAFKA_HEADERS = (headers, name) -> {
		Header header = headers.lastHeader(name);
		return (header == null || header.value() == null) ? null : new String(header.value(), StandardCharsets.UTF_8);
	};

	private final Tracer tracer;

	private final Propagator propagator;

	/** "deduct " + topic, built once per topic rather than once per delivery. */
	private final Map<String, String> spanNames = new ConcurrentHashMap<>();

	public DeliveryTracing(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	/** Starts the span of one delivery; the caller ends it ({@link Delivery#end}) once the delivery is answered. */
	public Delivery start(ConsumerRecord<?, ?> record) {
		Span span = this.propagator.extract(record.headers(), KAFKA_HEADERS)
			.name(this.spanNames.computeIfAbsent(record.topic(), (topic) -> "deduct " + topic))
			.kind(Span.Kind.CONSUMER)
			.tag("messaging.system", "kafka")
			.tag("messaging.destination.name", record.topic())
			.tag("messaging.kafka.partition", Integer.toString(record.partition()))
			.tag("messaging.kafka.offset", Long.toString(record.offset()))
			.start();
		W3cCarrier carrier = new W3cCarrier();
		this.propagator.inject(span.context(), carrier, W3cCarrier::put);
		return new Delivery(span, carrier.context());
	}

	/**
	 * What the propagator writes for a span: its {@code traceparent} and {@code tracestate}, nothing else kept.
	 * <p>
	 * The propagator writes a traceparent only for a valid span context, and writes it well-formed (version 00,
	 * lower-case hex, ids not all zero: the OpenTelemetry W3C propagator formats the ids of a context it has checked
	 * valid). That is what {@link TraceContext#of} checks a stranger's header for, with a regular expression per
	 * delivery; here the value is our own, so only the trace state rule of {@link TraceContext#of} is applied
	 * ({@code DeliveryTracingTest} compares the two for every kind of parent).
	 */
	private static final class W3cCarrier {

		private String traceparent;

		private String tracestate;

		void put(String name, String value) {
			if (PayonceHeaders.TRACEPARENT.equals(name)) {
				this.traceparent = value;
			}
			else if (PayonceHeaders.TRACESTATE.equals(name)) {
				this.tracestate = value;
			}
		}

		TraceContext context() {
			if (this.traceparent == null) {
				return TraceContext.NONE;
			}
			boolean keepState = this.tracestate != null && !this.tracestate.isBlank()
					&& this.tracestate.length() <= TraceContext.MAX_TRACESTATE;
			return new TraceContext(this.traceparent, keepState ? this.tracestate : null);
		}

	}

	/**
	 * Makes the delivery's span current until the scope is closed (the callers also enter its ids into the logging
	 * context themselves, {@link io.payonce.consumer.deduct.domain.DeliveryLogContext}, so the lines do not depend
	 * on the bridge's logging listener).
	 */
	public Tracer.SpanInScope enter(Delivery delivery) {
		return this.tracer.withSpan(delivery.span());
	}

	/**
	 * The span of one delivery and its W3C context.
	 *
	 * @param context what the consumer publishes for this delivery carries
	 */
	public record Delivery(Span span, TraceContext context) {

		public void end() {
			this.span.end();
		}

		public void failed(Throwable error) {
			this.span.error(error);
			this.span.end();
		}

	}

}
