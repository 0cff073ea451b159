package io.payonce.consumer.deduct.kafka;

import java.util.List;

import io.payonce.consumer.deduct.PaySuccessHandler;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.Acknowledgment;

/**
 * Thin batch listener: hand the poll to the handler, acknowledge it once every record has an answer
 * (AckMode.MANUAL: the offsets are committed after this returns). An exception skips the acknowledgement;
 * the error handler retries the whole poll from its first record, and the guards recognise what was already
 * settled.
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
		try {
			this.handler.handleAll(records);
		}
		catch (RuntimeException ex) {
			// No answer for the poll. "Failed at index 0": the error handler commits nothing, seeks every
			// partition back to this poll's first record and backs off; the next poll fetches the records again.
			// Never keep the poll to retry it across polls (the handler's default for a batch): if the group
			// rebalances meanwhile, another instance settles and commits those partitions, and the late
			// acknowledgement of the old poll would move the group's offset back behind them (issue 16).
			throw new BatchListenerFailedException("no answer for the poll, retried from its first record", ex, 0);
		}
		acknowledgment.acknowledge();
	}

}
