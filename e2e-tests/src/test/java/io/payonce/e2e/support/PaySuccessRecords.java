package io.payonce.e2e.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code pay.success} from the beginning, as a black-box observer (its own consumer group, no commits).
 */
public final class PaySuccessRecords implements AutoCloseable {

	private final KafkaConsumer<String, String> consumer;

	private final List<ConsumerRecord<String, String>> seen = new ArrayList<>();

	public PaySuccessRecords(String bootstrapServers) {
		this.consumer = new KafkaConsumer<>(
				TopicRecords.observer(bootstrapServers, "e2e-observer-", StringDeserializer.class));
		this.consumer.subscribe(List.of(Topic.PAY_SUCCESS.topicName()));
	}

	/** Polls once and returns every record seen so far with this key (orderNo). */
	public List<ConsumerRecord<String, String>> withKey(String orderNo) {
		this.consumer.poll(Duration.ofMillis(200)).forEach(this.seen::add);
		return this.seen.stream().filter(record -> orderNo.equals(record.key())).toList();
	}

	@Override
	public void close() {
		this.consumer.close();
	}

}
