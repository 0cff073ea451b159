package io.payonce.consumer.deduct.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.contract.TraceContext;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Moves a record off the main path: business-retryable to {@code pay.success.retry}, the rest to
 * {@code pay.success.terminal}. Key, value bytes, {@code id}, {@code eventType} and the attempt are kept; the
 * failure headers are added. The send is awaited: if it fails, this throws and the caller must not
 * acknowledge (the record is retried in place, never lost).
 */
public class FailureRouter {

	private static final Logger log = LoggerFactory.getLogger(FailureRouter.class);

	/**
	 * Headers that travel with the record unchanged; the trace context too, unless the delivery's own span is
	 * given ({@link #route(ConsumerRecord, String, byte[], FailureReason, String, String, TraceContext)}).
	 */
	private static final List<String> KEPT = List.of(PayonceHeaders.EVENT_ID, PayonceHeaders.EVENT_TYPE,
			PayonceHeaders.FAILURE_HISTORY, PayonceHeaders.REPLAY_ID, PayonceHeaders.TRACEPARENT,
			PayonceHeaders.TRACESTATE);

	private final AwaitedSender sender;

	private final Clock clock;

	public FailureRouter(KafkaTemplate<String, byte[]> template, Clock clock, Duration sendTimeout) {
		this.sender = new AwaitedSender(template, sendTimeout);
		this.clock = clock;
	}

	/** Routes a record read outside a delivery's span (unreadable): its trace context, if any, travels unchanged. */
	public void route(ConsumerRecord<?, ?> origin, String key, byte[] value, FailureReason reason,
			String errorClass, String errorMessage) {
		route(origin, key, value, reason, errorClass, errorMessage, TraceContext.NONE);
	}

	/**
	 * @param trace the delivery's span: the routed record continues the trace from it (the retry ladder keeps the
	 * header, so the next delivery is its child); {@link TraceContext#NONE} keeps the record's own
	 */
	public void route(ConsumerRecord<?, ?> origin, String key, byte[] value, FailureReason reason,
			String errorClass, String errorMessage, TraceContext trace) {
		Topic target = reason.retryable() ? Topic.PAY_SUCCESS_RETRY : Topic.PAY_SUCCESS_TERMINAL;
		Headers headers = failureHeaders(origin, reason, errorClass, errorMessage);
		putTrace(headers, trace);
		this.sender.send(target, new ProducerRecord<>(target.topicName(), null, key, value, headers));
		log.info("routed key={} to {} reason={} ({})", key, target.topicName(), reason, errorMessage);
	}

	Headers failureHeaders(ConsumerRecord<?, ?> origin, FailureReason reason, String errorClass,
			String errorMessage) {
		String now = this.clock.instant().toString();
		RecordHeaders headers = new RecordHeaders();
		for (String name : KEPT) {
			Header header = origin.headers().lastHeader(name);
			if (header != null) {
				headers.add(name, header.value());
			}
		}
		String attempt = text(origin.headers().lastHeader(PayonceHeaders.ATTEMPT));
		String firstFailure = text(origin.headers().lastHeader(PayonceHeaders.FIRST_FAILURE_AT));
		put(headers, PayonceHeaders.ATTEMPT, (attempt != null) ? attempt : "1");
		put(headers, PayonceHeaders.FIRST_FAILURE_AT, (firstFailure != null) ? firstFailure : now);
		put(headers, PayonceHeaders.LAST_FAILURE_AT, now);
		put(headers, PayonceHeaders.REASON, reason.name());
		put(headers, PayonceHeaders.ERROR_CLASS, errorClass);
		put(headers, PayonceHeaders.ERROR_MESSAGE, (errorMessage != null) ? errorMessage : "");
		put(headers, PayonceHeaders.ORIGIN_TOPIC, origin.topic());
		put(headers, PayonceHeaders.ORIGIN_PARTITION, Integer.toString(origin.partition()));
		put(headers, PayonceHeaders.ORIGIN_OFFSET, Long.toString(origin.offset()));
		return headers;
	}

	/** Sets the trace headers to {@code trace}, replacing the record's; nothing without a context. */
	static void putTrace(Headers headers, TraceContext trace) {
		if (!trace.isPresent()) {
			return;
		}
		headers.remove(PayonceHeaders.TRACEPARENT);
		headers.remove(PayonceHeaders.TRACESTATE);
		put(headers, PayonceHeaders.TRACEPARENT, trace.traceparent());
		if (trace.tracestate() != null) {
			put(headers, PayonceHeaders.TRACESTATE, trace.tracestate());
		}
	}

	static void put(Headers headers, String name, String value) {
		headers.add(name, value.getBytes(StandardCharsets.UTF_8));
	}

	private static String text(Header header) {
		return (header != null && header.value() != null) ? new String(header.value(), StandardCharsets.UTF_8)
				: null;
	}

}
