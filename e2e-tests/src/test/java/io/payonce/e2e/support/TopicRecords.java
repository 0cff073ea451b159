package io.payonce.e2e.support;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads topics from the beginning as a black-box observer (its own group, no commits, {@code read_committed}),
 * keeping every record seen. Values stay bytes: a poison record is not text. Thread-safe.
 */
public final class TopicRecords implements AutoCloseable {

	private final KafkaConsumer<String, byte[]> consumer;

	private final List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();

	public TopicRecords(String bootstrapServers, Topic... topics) {
		Properties props = observer(bootstrapServers, "e2e-observer-", ByteArrayDeserializer.class);
		props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
		this.consumer = new KafkaConsumer<>(props);
		this.consumer.subscribe(Arrays.stream(topics).map(Topic::topicName).toList());
	}

	/**
	 * Polls until this observer has read up to the end of every partition as it was when called (the last stable
	 * offset, {@code read_committed}), at most 60 s, and returns every record seen so far.
	 */
	public synchronized List<ConsumerRecord<String, byte[]>> all() {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		Map<TopicPartition, Long> end = null;
		while (System.nanoTime() < deadline) {
			this.consumer.poll(Duration.ofMillis(200)).forEach(this.seen::add);
			Set<TopicPartition> assigned = this.consumer.assignment();
			if (assigned.isEmpty()) {
				continue;
			}
			try {
				if (end == null || !end.keySet().equals(assigned)) {
					end = this.consumer.endOffsets(assigned, Duration.ofSeconds(10));
				}
				if (caughtUp(end)) {
					break;
				}
			}
			catch (KafkaException ex) {
				// the broker is restarting: poll on until it answers or the deadline passes
				end = null;
			}
		}
		return List.copyOf(this.seen);
	}

	private boolean caughtUp(Map<TopicPartition, Long> end) {
		for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
			if (this.consumer.position(partition.getKey(), Duration.ofSeconds(10)) < partition.getValue()) {
				return false;
			}
		}
		return true;
	}

	/** Every record seen so far whose key (orderNo) starts with {@code prefix}, on any of the topics. */
	public List<ConsumerRecord<String, byte[]>> withKeyPrefix(String prefix) {
		return all().stream().filter(record -> record.key() != null && record.key().startsWith(prefix)).toList();
	}

	/**
	 * A test observer's consumer settings: its own group ({@code groupPrefix} + a random id) from the earliest
	 * offset, no commits, only committed records, String keys.
	 */
	public static Properties observer(String bootstrapServers, String groupPrefix,
			Class<? extends Deserializer<?>> valueDeserializer) {
		Properties props = new Properties();
		props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		props.put(ConsumerConfig.GROUP_ID_CONFIG, groupPrefix + UUID.randomUUID());
		props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, valueDeserializer.getName());
		return props;
	}

	/** The text of the last header with this name, or {@code null}. */
	public static String header(ConsumerRecord<String, byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
	}

	@Override
	public synchronized void close() {
		this.consumer.close(Duration.ofSeconds(5));
	}

}
