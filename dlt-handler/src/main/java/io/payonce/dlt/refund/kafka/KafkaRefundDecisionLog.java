package io.payonce.dlt.refund.kafka;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.payonce.dlt.refund.RefundDecision;
import io.payonce.dlt.refund.RefundDecisionLog;
import io.payonce.dlt.refund.infra.RefundProperties;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * The decisions topic (compacted, key = payNo): a synchronous send, so the console answers "refunded" only after
 * the broker acknowledged the decision (acks=all, idempotent producer).
 */
@Component
class KafkaRefundDecisionLog implements RefundDecisionLog {

	private final KafkaTemplate<String, byte[]> kafka;

	private final String topic;

	KafkaRefundDecisionLog(KafkaTemplate<String, byte[]> kafka, RefundProperties properties) {
		this.kafka = kafka;
		this.topic = properties.decisionsTopic();
	}

	@Override
	public void record(RefundDecision decision) throws DecisionNotRecordedException {
		try {
			this.kafka.send(new ProducerRecord<>(this.topic, decision.payNo(), RefundDecisionJson.encode(decision)))
				.get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new DecisionNotRecordedException("write to " + this.topic + " failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DecisionNotRecordedException("interrupted while writing to " + this.topic, ex);
		}
	}

}
