package io.payonce.gateway.callback.web;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.domain.IntakeOutcome;
import io.payonce.gateway.callback.domain.PaymentCallback;
import io.payonce.ops.timeline.TimelinePublisher;

import org.springframework.stereotype.Component;

/**
 * The {@code CALLBACK} fact of every callback answer whose orderNo the gateway trusts (signature valid, body valid),
 * for the ops timeline (issue 17). Published once the answer is decided: for ACCEPTED after its transaction
 * committed (the intake returns only then), for 409 and 503 before the problem is written. Nothing here can fail
 * the callback ({@link TimelinePublisher}). The trace id is the callback's own span, the one stored with its outbox
 * row ({@link CallbackTrace}).
 * <p>
 * Decision: the answer, {@code ACCEPTED}, {@code DUPLICATE}, {@code DUPLICATE_PAYMENT}, {@code CONFLICT} or
 * {@code UNAVAILABLE}. Detail: {@code payNo}, {@code amount}, {@code currency}, {@code paymentStatus} (the
 * platform's status), {@code httpStatus}; {@code rule} (which of the intake's rules decided, e.g.
 * {@code same-payment}) and {@code uniqueKey} (the key that found the stored row, e.g. {@code uk_pay_no}) when the
 * intake decided; {@code eventId} when this callback wrote the outbox event; {@code firstPayNo} for a
 * DUPLICATE_PAYMENT; {@code conflictingFields} for a CONFLICT.
 */
@Component
class CallbackFacts {

	static final String UNAVAILABLE = "UNAVAILABLE";

	/** Each rule's name as the timeline shows it ({@code same-payment}), built once, not per callback (issue 19). */
	private static final Map<IntakeOutcome.Rule, String> RULE_LABELS = ruleLabels();

	private final TimelinePublisher timeline;

	CallbackFacts(TimelinePublisher timeline) {
		this.timeline = timeline;
	}

	void answered(PaymentCallback callback, IntakeOutcome outcome, TraceContext trace) {
		this.timeline.publish(callback.orderNo(), TimelineFact.Step.CALLBACK, outcome.result().name(), trace.traceId(),
				detail(callback, outcome));
	}

	void unavailable(PaymentCallback callback, TraceContext trace) {
		this.timeline.publish(callback.orderNo(), TimelineFact.Step.CALLBACK, UNAVAILABLE, trace.traceId(),
				unavailableDetail(callback));
	}

	/** What the timeline shows of a decided callback. */
	static Map<String, String> detail(PaymentCallback callback, IntakeOutcome outcome) {
		Map<String, String> detail = payment(callback,
				(outcome.result() == IntakeOutcome.Result.CONFLICT) ? 409 : 200);
		if (outcome.rule() != null) {
			detail.put("rule", RULE_LABELS.get(outcome.rule()));
			if (outcome.rule().uniqueKey() != null) {
				detail.put("uniqueKey", outcome.rule().uniqueKey());
			}
		}
		if (outcome.published() && outcome.eventId() != null) {
			detail.put("eventId", outcome.eventId().toString());
		}
		if (outcome.firstPayNo() != null) {
			detail.put("firstPayNo", outcome.firstPayNo());
		}
		if (!outcome.conflictingFields().isEmpty()) {
			detail.put("conflictingFields", String.join(",", outcome.conflictingFields()));
		}
		return detail;
	}

	/** What the timeline shows of a callback answered 503: nothing was recorded for certain, the platform retries. */
	static Map<String, String> unavailableDetail(PaymentCallback callback) {
		Map<String, String> detail = payment(callback, 503);
		detail.put("reason", "store_unavailable");
		return detail;
	}

	private static Map<IntakeOutcome.Rule, String> ruleLabels() {
		Map<IntakeOutcome.Rule, String> labels = new EnumMap<>(IntakeOutcome.Rule.class);
		for (IntakeOutcome.Rule rule : IntakeOutcome.Rule.values()) {
			labels.put(rule, rule.name().toLowerCase(Locale.ROOT).replace('_', '-'));
		}
		return labels;
	}

	private static Map<String, String> payment(PaymentCallback callback, int httpStatus) {
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put("payNo", callback.payNo());
		detail.put("amount", callback.amount().toPlainString());
		detail.put("currency", callback.currency());
		detail.put("paymentStatus", callback.status());
		detail.put("httpStatus", Integer.toString(httpStatus));
		return detail;
	}

}
