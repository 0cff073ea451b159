package io.payonce.e2e.console;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.e2e.support.TopicRecords;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The console's replays of one order as they reach {@code pay.success} (records with header
 * {@code payonce-replay-id}), read from the beginning by a black-box observer: its own group, no commits.
 */
final class ReplayRecords implements AutoCloseable {

	private final KafkaConsumer<String, byte[]> consumer;

	private final String orderNo;

	private final List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();

	ReplayRecords(String bootstrapServers, String orderNo) {
		this.consumer = new KafkaConsumer<>(
				TopicRecords.observer(bootstrapServers, "e2e-console-observer-", ByteArrayDeserializer.class));
		this.consumer.subscribe(List.of(Topic.PAY_SUCCESS.topicName()));
		this.orderNo = orderNo;
	}

	/** Polls once and returns every replay of the order seen so far, in arrival order. */
	List<ConsumerRecord<String, byte[]>> replays() {
		this.consumer.poll(Duration.ofMillis(200)).forEach(record -> {
			if (this.orderNo.equals(record.key()) && TopicRecords.header(record, PayonceHeaders.REPLAY_ID) != null) {
				this.seen.add(record);
			}
		});
		return List.copyOf(this.seen);
	}

	@Override
	public void close() {
		this.consumer.close();
	}

}
