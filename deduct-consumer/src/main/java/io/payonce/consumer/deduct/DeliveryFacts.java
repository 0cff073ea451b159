package io.payonce.consumer.deduct;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.Deduction;
import io.payonce.consumer.deduct.domain.DuplicateLayer;
import io.payonce.consumer.deduct.domain.Outcome;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TraceContext;
import io.payonce.ops.timeline.TimelinePublisher;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The {@code DELIVERY} fact of every decided delivery, for the ops timeline (issue 17). The handler publishes it
 * once the decision is durable: a deduction after its transaction committed, a duplicate after the guards
 * answered, a retry, terminal or refund after that record was acknowledged by Kafka (the router awaits it). In the
 * delivery's own trace ({@link io.payonce.consumer.deduct.kafka.DeliveryTracing}); never failing the delivery
 * ({@link TimelinePublisher}).
 * <p>
 * Decision: {@link Outcome}'s name, {@code FIRST}, {@code DUPLICATE}, {@code DUPLICATE_PAYMENT}, {@code CONFLICT},
 * {@code RETRY} or {@code TERMINAL}. Detail, always: {@code topic}, {@code partition}, {@code offset},
 * {@code attempt} (header {@code payonce-attempt}, 1 without it); {@code replayId} when the record is a replay;
 * {@code payNo}, {@code amount}, {@code currency} of a readable payment; {@code degraded=true} when Redis was
 * skipped (policy OPEN). By decision: FIRST {@code flowId}, {@code balanceAfter}; DUPLICATE {@code guard} =
 * {@code redis}, {@code state} or {@code unique-index} (and {@code unattributed=true} for an order paid before the
 * ledger recorded payNos); DUPLICATE_PAYMENT {@code paidBy}; CONFLICT, RETRY and TERMINAL {@code reason} (the
 * {@link FailureReason}) and {@code explanation}.
 */
public class DeliveryFacts {

	private final TimelinePublisher timeline;

	public DeliveryFacts(TimelinePublisher timeline) {
		this.timeline = timeline;
	}

	/** A payment the domain decided. */
	void decided(ConsumerRecord<?, ?> record, PaySuccess payment, Decision decision, TraceContext trace) {
		this.timeline.publish(payment.orderNo(), TimelineFact.Step.DELIVERY, decision.outcome().name(),
				trace.traceId(), detail(record, payment, decision));
	}

	/** A record sent to the terminal topic without reaching the domain (unreadable, not a payment). */
	void terminal(ConsumerRecord<?, ?> record, String orderNo, FailureReason reason, String explanation,
			TraceContext trace) {
		if (orderNo == null) {
			return; // no key to file it under: the terminal record itself is what the console shows
		}
		this.timeline.publish(orderNo, TimelineFact.Step.DELIVERY, Outcome.TERMINAL.name(), trace.traceId(),
				terminalDetail(record, reason, explanation));
	}

	static Map<String, String> detail(ConsumerRecord<?, ?> record, PaySuccess payment, Decision decision) {
		Map<String, String> detail = delivery(record);
		detail.put("payNo", payment.payNo());
		detail.put("amount", payment.amount().toPlainString());
		detail.put("currency", payment.currency());
		if (decision.degraded()) {
			detail.put("degraded", "true");
		}
		decision.deduction().ifPresent((deduction) -> putDeduction(detail, deduction));
		decision.layer().ifPresent((layer) -> {
			detail.put("guard", guard(layer));
			if (layer == DuplicateLayer.STATE_UNATTRIBUTED) {
				detail.put("unattributed", "true");
			}
		});
		decision.paidBy().ifPresent((paidBy) -> detail.put("paidBy", paidBy));
		decision.reason().ifPresent((reason) -> {
			detail.put("reason", reason.name());
			detail.put("explanation", decision.detail());
		});
		return detail;
	}

	static Map<String, String> terminalDetail(ConsumerRecord<?, ?> record, FailureReason reason, String explanation) {
		Map<String, String> detail = delivery(record);
		detail.put("reason", reason.name());
		if (explanation != null) {
			detail.put("explanation", explanation);
		}
		return detail;
	}

	/** The guard as the issue names it: redis, state, unique-index. */
	static String guard(DuplicateLayer layer) {
		return switch (layer) {
			case REDIS -> "redis";
			case STATE, STATE_UNATTRIBUTED -> "state";
			case UNIQUE_INDEX -> "unique-index";
		};
	}

	private static void putDeduction(Map<String, String> detail, Deduction deduction) {
		detail.put("flowId", Long.toString(deduction.flowId()));
		deduction.balanceAfter().ifPresent((balance) -> detail.put("balanceAfter", balance.toPlainString()));
	}

	private static Map<String, String> delivery(ConsumerRecord<?, ?> record) {
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put("topic", record.topic());
		detail.put("partition", Integer.toString(record.partition()));
		detail.put("offset", Long.toString(record.offset()));
		String attempt = header(record, PayonceHeaders.ATTEMPT);
		// the router's rule: a record without the header is its first attempt
		detail.put("attempt", (attempt != null) ? attempt : "1");
		String replayId = header(record, PayonceHeaders.REPLAY_ID);
		if (replayId != null) {
			detail.put("replayId", replayId);
		}
		return detail;
	}

	private static String header(ConsumerRecord<?, ?> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header == null || header.value() == null) ? null : new String(header.value(), StandardCharsets.UTF_8);
	}

}
