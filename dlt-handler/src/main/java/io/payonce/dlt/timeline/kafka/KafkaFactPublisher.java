package io.payonce.dlt.timeline.kafka;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.dlt.timeline.FactPublisher;
import io.payonce.dlt.timeline.Services;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Writes the handler's facts to {@code pay.timeline} (key = orderNo, so the fact lands on the order's partition),
 * without waiting: the operator's answer does not depend on the timeline, and a fact that could not be written is
 * one log line (the audit trail holds the action itself either way).
 */
public final class KafkaFactPublisher implements FactPublisher {

	private static final Logger log = LoggerFactory.getLogger(KafkaFactPublisher.class);

	private final KafkaTemplate<String, byte[]> kafka;

	private final String instance;

	/** @param instance this instance as the timeline names it (its {@code application.server}, host:port) */
	public KafkaFactPublisher(KafkaTemplate<String, byte[]> kafka, String instance) {
		this.kafka = kafka;
		this.instance = instance;
	}

	@Override
	public void publish(String orderNo, Instant at, TimelineFact.Step step, String decision, String traceId,
			Map<String, String> detail) {
		TimelineFact fact = new TimelineFact(orderNo, at, Services.DLT_HANDLER, this.instance, step, decision, traceId,
				detail);
		this.kafka.send(new ProducerRecord<>(Topic.PAY_TIMELINE.topicName(), orderNo, TimelineFactCodec.encode(fact)))
			.whenComplete((sent, ex) -> {
				if (ex != null) {
					log.warn("Timeline fact {} {} of order {} not written to {}: {}", step, decision, orderNo,
							Topic.PAY_TIMELINE.topicName(), ex.getMessage());
				}
			});
	}

}
