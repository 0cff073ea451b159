package io.payonce.consumer.deduct.kafka;

import io.payonce.consumer.deduct.PaySuccessHandler;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;

/**
 * Thin listener: hand the record to the handler, acknowledge once it has an answer (AckMode.MANUAL, the
 * offsets are committed once per poll). An exception skips the acknowledgement; the error handler seeks
 * back and retries in place.
 */
public class PaySuccessListener {

	private final PaySuccessHandler handler;

	public PaySuccessListener(PaySuccessHandler handler) {
		this.handler = handler;
	}

	@KafkaListener(id = "${payonce.consumer.listener-id:payonce-deduct}", topics = Topic.Names.PAY_SUCCESS,
			groupId = "${payonce.consumer.group-id:payonce-deduct-consumer}",
			concurrency = "${payonce.consumer.concurrency:3}")
	public void onPaySuccess(ConsumerRecord<String, DecodedEvent> record, Acknowledgment acknowledgment) {
		this.handler.handle(record);
		acknowledgment.acknowledge();
	}

}
