package io.payonce.e2e.console;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The console's replays of one order as they reach {@code pay.success} (records with header
 * {@code payonce-replay-id}), read from the beginning by a black-box observer: its own group, no commits.
 */
final class ReplayRecords implements AutoCloseable {

	private final KafkaConsumer<String, byte[]> consumer;

	private final String orderNo;

	private final List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();

	ReplayRecords(String bootstrapServers, String orderNo) {
		Properties props = new Properties();
		props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		props.put(ConsumerConfig.GROUP_ID_CONFIG, "e2e-console-observer-" + UUID.randomUUID());
		props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
		this.consumer = new KafkaConsumer<>(props);
		this.consumer.subscribe(List.of(Topic.PAY_SUCCESS.topicName()));
		this.orderNo = orderNo;
	}

	/** Polls once and returns every replay of the order seen so far, in arrival order. */
	List<ConsumerRecord<String, byte[]>> replays() {
		this.consumer.poll(Duration.ofMillis(200)).forEach(record -> {
			if (this.orderNo.equals(record.key()) && header(record, PayonceHeaders.REPLAY_ID) != null) {
				this.seen.add(record);
			}
		});
		return List.copyOf(this.seen);
	}

	static String header(ConsumerRecord<String, byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
	}

	@Override
	public void close() {
		this.consumer.close();
	}

}
