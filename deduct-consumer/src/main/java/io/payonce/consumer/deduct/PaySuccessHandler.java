package io.payonce.consumer.deduct;

import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.DeductionProcess;
import io.payonce.consumer.deduct.kafka.DecodedEvent;
import io.payonce.consumer.deduct.kafka.FailureRouter;
import io.payonce.contract.EventType;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceEvent;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * One record from {@code pay.success}: deduct through the domain, count, route. Returns normally only when
 * the result is known and, for a failure, published: the listener acknowledges exactly then. Throws when
 * there is no answer yet (Redis under CLOSED, database, publish): the error handler retries in place.
 */
public class PaySuccessHandler {

	private static final Logger log = LoggerFactory.getLogger(PaySuccessHandler.class);

	private final DeductionProcess process;

	private final FailureRouter router;

	private final DeductionMetrics metrics;

	public PaySuccessHandler(DeductionProcess process, FailureRouter router, DeductionMetrics metrics) {
		this.process = process;
		this.router = router;
		this.metrics = metrics;
	}

	public void handle(ConsumerRecord<String, DecodedEvent> record) {
		DecodedEvent value = record.value();
		PayonceEvent event = value.event();
		try (MDC.MDCCloseable orderNo = MDC.putCloseable("orderNo", event.orderNo())) {
			if (!(event instanceof PaySuccess payment)) {
				// A known event type on the wrong topic: never acknowledged as processed without a trace.
				log.error("skipped: {} on {}, not a PaySuccess", EventType.of(event).wireName(), record.topic());
				this.router.route(record, record.key(), value.raw(), FailureReason.UNKNOWN_EVENT_TYPE,
						event.getClass().getName(), "unexpected event type " + EventType.of(event).wireName());
				this.metrics.recordUnreadable();
				return;
			}
			Decision decision = this.process.handle(payment);
			decision.reason().ifPresent((reason) -> this.router.route(record, record.key(), value.raw(), reason,
					DeductionProcess.class.getName(), decision.detail()));
			this.metrics.record(decision);
		}
	}

}
