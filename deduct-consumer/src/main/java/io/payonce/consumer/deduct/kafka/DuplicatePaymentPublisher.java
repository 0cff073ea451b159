package io.payonce.consumer.deduct.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.contract.TraceContext;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Publishes a {@link DuplicatePayment} the ledger recognised to {@code pay.refund-required} (key orderNo, headers
 * {@code id} and {@code eventType} as the outbox relay writes them, plus where the payment came from). The send is
 * awaited before the poll is acknowledged: a crash in between publishes it again on the redelivery, never loses it.
 * The event id is derived from the duplicate payNo, so every copy of one duplicate payment carries the same id and
 * a consumer that deduplicates by id (or by payNo) refunds it once.
 */
public class DuplicatePaymentPublisher {

	private static final Logger log = LoggerFactory.getLogger(DuplicatePaymentPublisher.class);

	private final AwaitedSender sender;

	public DuplicatePaymentPublisher(KafkaTemplate<String, byte[]> template, Duration sendTimeout) {
		this.sender = new AwaitedSender(template, sendTimeout);
	}

	/** @param trace the delivery's span: the refund request continues the payment's trace */
	public void publish(ConsumerRecord<?, ?> origin, DuplicatePayment event, TraceContext trace) {
		RecordHeaders headers = new RecordHeaders();
		FailureRouter.put(headers, PayonceHeaders.EVENT_ID, eventId(event));
		FailureRouter.put(headers, PayonceHeaders.EVENT_TYPE, EventType.DUPLICATE_PAYMENT.wireName());
		FailureRouter.put(headers, PayonceHeaders.ORIGIN_TOPIC, origin.topic());
		FailureRouter.put(headers, PayonceHeaders.ORIGIN_PARTITION, Integer.toString(origin.partition()));
		FailureRouter.put(headers, PayonceHeaders.ORIGIN_OFFSET, Long.toString(origin.offset()));
		FailureRouter.putTrace(headers, trace);
		Topic target = Topic.PAY_REFUND_REQUIRED;
		this.sender.send(target,
				new ProducerRecord<>(target.topicName(), null, event.orderNo(), EventCodec.encode(event), headers));
		log.info("published DuplicatePayment orderNo={} payNo={} firstPayNo={} to {}", event.orderNo(), event.payNo(),
				event.firstPayNo(), target.topicName());
	}

	/** The same for every copy of one duplicate payment found by the ledger. */
	static String eventId(DuplicatePayment event) {
		return UUID.nameUUIDFromBytes(("DuplicatePayment|" + event.detectedBy() + "|" + event.payNo())
			.getBytes(StandardCharsets.UTF_8)).toString();
	}

}
