package io.payonce.dlt.timeline.streams;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.contract.TraceContext;
import io.payonce.contract.UnreadableEventException;
import io.payonce.dlt.config.HeaderValues;
import io.payonce.dlt.retry.RetrySchedule;
import io.payonce.dlt.timeline.Services;
import org.apache.kafka.common.header.Headers;

/**
 * Turns one record of the pipeline's topics into the fact it stands for, so that the store holds one shape. The
 * records already say what happened (they are the outbox events and the ladder's own hops); nothing is published
 * twice for the timeline.
 * <ul>
 * <li>{@code pay.success}: the relay published the payment (RELAYED; topic, partition, offset, relayed-by), or the
 * ladder sent it back ({@code payonce-attempt} &gt; 1: RETRY_RELEASED), or an operator's replay did
 * ({@code payonce-replay-id}: REPLAY, decision SENT).</li>
 * <li>{@code pay.success.retry}: the ladder holds it (RETRY_HELD, decision HELD with tier and due time by the same
 * {@link RetrySchedule} the ladder applies; EXHAUSTED when that attempt was the last).</li>
 * <li>{@code pay.success.terminal}: TERMINAL with its reason; written by the ladder when retries ran out, else by the
 * consumer.</li>
 * <li>{@code pay.deducted}: DEDUCTED (amount, currency, flowId), at the deduction's commit time.</li>
 * <li>{@code pay.refund-required}: DUPLICATE_PAYMENT (the second payNo, who found it).</li>
 * <li>{@code pay.timeline}: the fact as the service published it.</li>
 * </ul>
 * A record that cannot be read as what its topic carries throws {@link UnreadableEventException}.
 */
final class PipelineFacts {

	private final RetrySchedule schedule;

	PipelineFacts(RetrySchedule schedule) {
		this.schedule = schedule;
	}

	TimelineFact toFact(String topicName, int partition, long offset, long timestamp, String key, byte[] value,
			Headers headers) {
		if (key == null || key.isEmpty()) {
			throw unreadable("a record without a key (orderNo)");
		}
		Topic topic = Topic.ofName(topicName);
		Instant recordTime = Instant.ofEpochMilli(timestamp);
		String traceId = TraceContext.of(HeaderValues.text(headers, PayonceHeaders.TRACEPARENT), null).traceId();
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put(Services.TOPIC, topicName);
		detail.put(Services.PARTITION, Integer.toString(partition));
		detail.put(Services.OFFSET, Long.toString(offset));
		putIfPresent(detail, "eventId", HeaderValues.text(headers, PayonceHeaders.EVENT_ID));
		switch (topic) {
			case PAY_SUCCESS:
				return paySuccess(key, recordTime, traceId, detail, headers);
			case PAY_SUCCESS_RETRY:
				return retry(key, recordTime, traceId, detail, headers);
			case PAY_SUCCESS_TERMINAL:
				return terminal(key, recordTime, traceId, detail, headers);
			case PAY_DEDUCTED:
				return deducted(key, value, traceId, detail);
			case PAY_REFUND_REQUIRED:
				return duplicatePayment(key, value, recordTime, traceId, detail);
			case PAY_TIMELINE:
				return published(key, value);
			default:
				throw unreadable("a record of a topic the timeline does not read: " + topicName);
		}
	}

	private static TimelineFact paySuccess(String key, Instant at, String traceId, Map<String, String> detail,
			Headers headers) {
		String replayId = HeaderValues.text(headers, PayonceHeaders.REPLAY_ID);
		long attempt = HeaderValues.numberOr(HeaderValues.text(headers, PayonceHeaders.ATTEMPT), 1);
		detail.put(Services.ATTEMPT, Long.toString(attempt));
		String relayedBy = HeaderValues.text(headers, PayonceHeaders.RELAYED_BY);
		if (replayId != null && !replayId.isBlank()) {
			detail.put(Services.REPLAY_ID, replayId);
			return new TimelineFact(key, at, Services.DLT_HANDLER, "", TimelineFact.Step.REPLAY, "SENT", traceId, detail);
		}
		if (attempt > 1) {
			return new TimelineFact(key, at, Services.DLT_HANDLER, "", TimelineFact.Step.RETRY_RELEASED, "RELEASED",
					traceId, detail);
		}
		return new TimelineFact(key, at, Services.RELAY, (relayedBy != null) ? relayedBy : "", TimelineFact.Step.RELAYED,
				"PUBLISHED", traceId, detail);
	}

	private TimelineFact retry(String key, Instant recordTime, String traceId, Map<String, String> detail,
			Headers headers) {
		// the failure time is the retry record's time, as in BackoffProcessor (a header copied from an earlier hop
		// may name an earlier failure)
		Instant failedAt = recordTime;
		long attemptHeader = HeaderValues.numberOr(HeaderValues.text(headers, PayonceHeaders.ATTEMPT), 1);
		int attempt = (int) Math.max(1, Math.min(attemptHeader, Integer.MAX_VALUE));
		detail.put(Services.ATTEMPT, Integer.toString(attempt));
		putIfPresent(detail, Services.REASON, HeaderValues.text(headers, PayonceHeaders.REASON));
		putIfPresent(detail, "error", HeaderValues.text(headers, PayonceHeaders.ERROR_MESSAGE));
		putOrigin(detail, headers);
		RetrySchedule.Decision decision = this.schedule.afterFailure(attempt, failedAt);
		if (decision instanceof RetrySchedule.Retry retry) {
			detail.put(Services.TIER, Integer.toString(attempt));
			detail.put(Services.DUE, retry.dueAt().toString());
			detail.put("backoff", retry.backoff().toString());
			return new TimelineFact(key, failedAt, Services.DLT_HANDLER, "", TimelineFact.Step.RETRY_HELD, "HELD", traceId,
					detail);
		}
		return new TimelineFact(key, failedAt, Services.DLT_HANDLER, "", TimelineFact.Step.RETRY_HELD, "EXHAUSTED",
				traceId, detail);
	}

	private static TimelineFact terminal(String key, Instant recordTime, String traceId, Map<String, String> detail,
			Headers headers) {
		String reason = HeaderValues.text(headers, PayonceHeaders.REASON);
		putIfPresent(detail, Services.REASON, reason);
		putIfPresent(detail, "error", HeaderValues.text(headers, PayonceHeaders.ERROR_MESSAGE));
		putIfPresent(detail, Services.ATTEMPT, HeaderValues.text(headers, PayonceHeaders.ATTEMPT));
		putOrigin(detail, headers);
		String writer = FailureReason.RETRIES_EXHAUSTED.name().equals(reason) ? Services.DLT_HANDLER : Services.CONSUMER;
		return new TimelineFact(key, recordTime, writer, "", TimelineFact.Step.TERMINAL, (reason != null) ? reason : "",
				traceId, detail);
	}

	private static TimelineFact deducted(String key, byte[] value, String traceId, Map<String, String> detail) {
		PayDeducted deducted = EventCodec.decode(PayDeducted.class, value);
		sameOrder(key, deducted.orderNo());
		detail.put("payNo", deducted.payNo());
		detail.put("userId", Long.toString(deducted.userId()));
		detail.put("amount", deducted.amount().toPlainString());
		detail.put("currency", deducted.currency());
		detail.put(Services.FLOW_ID, Long.toString(deducted.flowId()));
		return new TimelineFact(key, deducted.deductedAt(), Services.CONSUMER, "", TimelineFact.Step.DEDUCTED,
				"DEDUCTED", traceId, detail);
	}

	private static TimelineFact duplicatePayment(String key, byte[] value, Instant recordTime, String traceId,
			Map<String, String> detail) {
		DuplicatePayment duplicate = EventCodec.decode(DuplicatePayment.class, value);
		sameOrder(key, duplicate.orderNo());
		detail.put("payNo", duplicate.payNo());
		putIfPresent(detail, "firstPayNo", duplicate.firstPayNo());
		detail.put("amount", duplicate.amount().toPlainString());
		detail.put("currency", duplicate.currency());
		detail.put("detectedBy", duplicate.detectedBy().name());
		String service = (duplicate.detectedBy() == DuplicatePayment.Detector.GATEWAY) ? Services.GATEWAY
				: Services.CONSUMER;
		return new TimelineFact(key, recordTime, service, "", TimelineFact.Step.DUPLICATE_PAYMENT, "REFUND_REQUIRED",
				traceId, detail);
	}

	private static TimelineFact published(String key, byte[] value) {
		TimelineFact fact = TimelineFactCodec.decode(value);
		sameOrder(key, fact.orderNo());
		return fact;
	}

	/** A fact filed under another key than its order would be stored where no lookup of that order finds it. */
	private static void sameOrder(String key, String orderNo) {
		if (!key.equals(orderNo)) {
			throw unreadable("record key '" + key + "' is not the orderNo of its value '" + orderNo + "'");
		}
	}

	private static UnreadableEventException unreadable(String why) {
		return new UnreadableEventException(FailureReason.UNREADABLE, why, null);
	}

	/** The delivery the consumer failed: the retry or terminal record follows that delivery on the timeline. */
	private static void putOrigin(Map<String, String> detail, Headers headers) {
		putIfPresent(detail, Services.ORIGIN_TOPIC, HeaderValues.text(headers, PayonceHeaders.ORIGIN_TOPIC));
		putIfPresent(detail, Services.ORIGIN_PARTITION, HeaderValues.text(headers, PayonceHeaders.ORIGIN_PARTITION));
		putIfPresent(detail, Services.ORIGIN_OFFSET, HeaderValues.text(headers, PayonceHeaders.ORIGIN_OFFSET));
	}

	private static void putIfPresent(Map<String, String> detail, String name, String value) {
		if (value != null && !value.isBlank()) {
			detail.put(name, value);
		}
	}

}
