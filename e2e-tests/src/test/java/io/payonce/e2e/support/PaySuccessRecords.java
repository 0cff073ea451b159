package io.payonce.e2e.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
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
		Properties props = new Properties();
		props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		props.put(ConsumerConfig.GROUP_ID_CONFIG, "e2e-observer-" + UUID.randomUUID());
		props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		this.consumer = new KafkaConsumer<>(props);
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
