package io.payonce.consumer.deduct;

import java.util.ArrayList;
import java.util.List;

import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.DeductionProcess;
import io.payonce.consumer.deduct.domain.DeliveryLogContext;
import io.micrometer.tracing.Tracer;
import io.payonce.consumer.deduct.kafka.DecodedEvent;
import io.payonce.consumer.deduct.kafka.DeliveryTracing;
import io.payonce.consumer.deduct.kafka.DeliveryTracing.Delivery;
import io.payonce.consumer.deduct.kafka.DuplicatePaymentPublisher;
import io.payonce.consumer.deduct.kafka.FailureRouter;
import io.payonce.consumer.deduct.kafka.UnreadableRecordRecoverer;
import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventType;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.TraceContext;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;

/**
 * A poll of records from {@code pay.success}: deduct the payments through the domain in one go, then route
 * each record (retry, terminal, or a {@code DuplicatePayment} to the refund topic) and count it. Returns normally
 * only when every record's result is known and every failure and duplicate payment is published: the listener
 * acknowledges exactly then. Throws when there is no answer yet (Redis under CLOSED,
 * database, publish): the error handler retries the poll in place, and nothing is routed or counted before
 * the deductions have their answer.
 */
public class PaySuccessHandler {

	private static final Logger log = LoggerFactory.getLogger(PaySuccessHandler.class);

	private static final LogAccessor LOG_ACCESSOR = new LogAccessor(PaySuccessHandler.class);

	private final DeductionProcess process;

	private final FailureRouter router;

	private final DuplicatePaymentPublisher duplicatePayments;

	private final UnreadableRecordRecoverer unreadable;

	private final DeductionMetrics metrics;

	private final DeliveryTracing tracing;

	private final DeliveryFacts facts;

	public PaySuccessHandler(DeductionProcess process, FailureRouter router,
			DuplicatePaymentPublisher duplicatePayments, UnreadableRecordRecoverer unreadable, DeductionMetrics metrics,
			DeliveryTracing tracing, DeliveryFacts facts) {
		this.process = process;
		this.router = router;
		this.duplicatePayments = duplicatePayments;
		this.unreadable = unreadable;
		this.metrics = metrics;
		this.tracing = tracing;
		this.facts = facts;
	}

	public void handleAll(List<ConsumerRecord<String, DecodedEvent>> records) {
		// One span per delivery, ended once the poll has its answer (or failed with it: the retry of the poll is
		// a new delivery, with a new span). deliveries[i] is the delivery of records.get(i).
		Delivery[] deliveries = new Delivery[records.size()];
		for (int i = 0; i < deliveries.length; i++) {
			deliveries[i] = this.tracing.start(records.get(i));
		}
		try {
			handleAll(records, deliveries);
		}
		catch (RuntimeException ex) {
			for (Delivery delivery : deliveries) {
				delivery.failed(ex);
			}
			throw ex;
		}
		for (Delivery delivery : deliveries) {
			delivery.end();
		}
	}

	private void handleAll(List<ConsumerRecord<String, DecodedEvent>> records, Delivery[] deliveries) {
		// indexes into records, in poll order
		List<Integer> paying = new ArrayList<>(records.size());
		List<PaySuccess> payments = new ArrayList<>(records.size());
		List<TraceContext> traces = new ArrayList<>(records.size());
		List<Integer> unreadableRecords = new ArrayList<>();
		List<Exception> unreadableCauses = new ArrayList<>();
		List<Integer> otherEvents = new ArrayList<>();
		for (int i = 0; i < deliveries.length; i++) {
			ConsumerRecord<String, DecodedEvent> record = records.get(i);
			Exception cause = unreadableCause(record);
			if (cause != null) {
				unreadableRecords.add(i);
				unreadableCauses.add(cause);
			}
			else if (record.value().event() instanceof PaySuccess payment) {
				paying.add(i);
				payments.add(payment);
				traces.add(deliveries[i].context());
			}
			else {
				otherEvents.add(i);
			}
		}
		List<Decision> decisions = payments.isEmpty() ? List.of() : this.process.handleAll(payments, traces);

		// Every answer is known; now route (each publish awaited), then count.
		for (int k = 0; k < unreadableRecords.size(); k++) {
			ConsumerRecord<String, DecodedEvent> record = records.get(unreadableRecords.get(k));
			Exception cause = unreadableCauses.get(k);
			Delivery delivery = deliveries[unreadableRecords.get(k)];
			try (Tracer.SpanInScope span = this.tracing.enter(delivery);
					DeliveryLogContext ids = DeliveryLogContext.enter(delivery.context())) {
				this.unreadable.accept(record, cause);
				this.facts.terminal(record, record.key(),
						UnreadableRecordRecoverer.reasonOf(cause), cause.getMessage(), delivery.context());
			}
		}
		for (int i : otherEvents) {
			routeOtherEvent(records.get(i), deliveries[i]);
		}
		for (int k = 0; k < paying.size(); k++) {
			ConsumerRecord<String, DecodedEvent> record = records.get(paying.get(k));
			Decision decision = decisions.get(k);
			PaySuccess payment = payments.get(k);
			Delivery delivery = deliveries[paying.get(k)];
			if (decision.reason().isEmpty() && decision.paidBy().isEmpty()) {
				// FIRST or DUPLICATE: nothing to publish but the fact, which names its trace itself and writes no
				// line, so the span is not made current and no logging context is entered (a redelivery storm
				// decides thousands of these a second)
				this.facts.decided(record, payment, decision, delivery.context());
				continue;
			}
			try (Tracer.SpanInScope span = this.tracing.enter(delivery);
					DeliveryLogContext ids = DeliveryLogContext.enter(delivery.context());
					MDC.MDCCloseable orderNo = MDC.putCloseable("orderNo", payment.orderNo())) {
				if (decision.reason().isPresent()) {
					this.router.route(record, record.key(), record.value().raw(), decision.reason().get(),
							DeductionProcess.class.getName(), decision.detail(), delivery.context());
				}
				else {
					// Money owed back: never acknowledged before the refund topic has it.
					this.duplicatePayments.publish(record,
							DuplicatePayment.of(payment, decision.paidBy().get(), DuplicatePayment.Detector.LEDGER),
							delivery.context());
				}
				// durable now: the deduction committed, the retry, terminal or refund record acknowledged by Kafka
				this.facts.decided(record, payment, decision, delivery.context());
			}
		}
		decisions.forEach(this.metrics::record);
	}

	/** A known event of the wrong type: to the terminal topic, never acknowledged without a trace. */
	private void routeOtherEvent(ConsumerRecord<String, DecodedEvent> record, Delivery delivery) {
		DecodedEvent value = record.value();
		PayonceEvent event = value.event();
		try (Tracer.SpanInScope span = this.tracing.enter(delivery);
				DeliveryLogContext ids = DeliveryLogContext.enter(delivery.context());
				MDC.MDCCloseable orderNo = MDC.putCloseable("orderNo", event.orderNo())) {
			log.error("skipped: {} on {}, not a PaySuccess", EventType.of(event).wireName(), record.topic());
			String why = "unexpected event type " + EventType.of(event).wireName();
			this.router.route(record, record.key(), value.raw(), FailureReason.UNKNOWN_EVENT_TYPE,
					event.getClass().getName(), why, delivery.context());
			this.facts.terminal(record, event.orderNo(), FailureReason.UNKNOWN_EVENT_TYPE, why, delivery.context());
			this.metrics.recordUnreadable();
		}
	}

	/**
	 * The {@code ErrorHandlingDeserializer} leaves a failed key or value as null with the exception in a
	 * header; a batch listener gets such records in its list and must send them on itself.
	 */
	private static Exception unreadableCause(ConsumerRecord<String, DecodedEvent> record) {
		DeserializationException value = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, LOG_ACCESSOR);
		if (value != null) {
			return value;
		}
		DeserializationException key = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER, LOG_ACCESSOR);
		if (key != null) {
			return key;
		}
		return (record.value() == null) ? new IllegalArgumentException("record without a value") : null;
	}

}
