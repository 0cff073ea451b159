package io.payonce.consumer.deduct.kafka;

import java.util.List;

import io.payonce.consumer.deduct.PaySuccessHandler;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;

/**
 * Thin batch listener: hand the poll to the handler, acknowledge it once every record has an answer
 * (AckMode.MANUAL: the offsets are committed after this returns). An exception skips the acknowledgement;
 * the error handler retries the whole poll in place, and the guards recognise what was already settled.
 */
public class PaySuccessListener {

	private final PaySuccessHandler handler;

	public PaySuccessListener(PaySuccessHandler handler) {
		this.handler = handler;
	}

	@KafkaListener(id = "${payonce.consumer.listener-id:payonce-deduct}", topics = Topic.Names.PAY_SUCCESS,
			groupId = "${payonce.consumer.group-id:payonce-deduct-consumer}",
			concurrency = "${payonce.consumer.concurrency:3}", batch = "true")
	public void onPaySuccess(List<ConsumerRecord<String, DecodedEvent>> records, Acknowledgment acknowledgment) {
		this.handler.handleAll(records);
		acknowledgment.acknowledge();
	}

}
