package io.payonce.relay.support;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Records everything written to some topics from the moment it is created (end offsets at start), on its
 * own thread, so that tests can wait for what they expect. Records by event id (header {@code id}).
 */
public final class TopicRecorder implements AutoCloseable {

	private final KafkaConsumer<byte[], byte[]> consumer;

	private final List<ConsumerRecord<byte[], byte[]>> records = new CopyOnWriteArrayList<>();

	private final Map<String, Integer> deliveriesById = new ConcurrentHashMap<>();

	private final AtomicBoolean running = new AtomicBoolean(true);

	private final Thread poller;

	public TopicRecorder(String bootstrapServers, String... topics) {
		this.consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
				false, ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000), new ByteArrayDeserializer(),
				new ByteArrayDeserializer());
		List<TopicPartition> partitions = new ArrayList<>();
		for (String topic : topics) {
			this.consumer.partitionsFor(topic, Duration.ofSeconds(30))
				.forEach((info) -> partitions.add(new TopicPartition(topic, info.partition())));
		}
		this.consumer.assign(partitions);
		this.consumer.seekToEnd(partitions);
		// Resolve the positions now: only what is written after this point is recorded.
		partitions.forEach((partition) -> this.consumer.position(partition, Duration.ofSeconds(30)));
		this.poller = new Thread(this::poll, "topic-recorder");
		this.poller.setDaemon(true);
		this.poller.start();
	}

	private void poll() {
		try {
			while (this.running.get()) {
				for (ConsumerRecord<byte[], byte[]> record : this.consumer.poll(Duration.ofMillis(200))) {
					this.records.add(record);
					String id = header(record, "id");
					if (id != null) {
						this.deliveriesById.merge(id, 1, Integer::sum);
					}
				}
			}
		}
		catch (WakeupException ex) {
			// closing
		}
		finally {
			this.consumer.close(Duration.ofSeconds(5));
		}
	}

	public static String header(ConsumerRecord<byte[], byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header != null && header.value() != null) ? new String(header.value(), StandardCharsets.UTF_8)
				: null;
	}

	public List<ConsumerRecord<byte[], byte[]>> records() {
		return List.copyOf(this.records);
	}

	public List<ConsumerRecord<byte[], byte[]>> withKey(String key) {
		return this.records.stream()
			.filter((record) -> record.key() != null && key.equals(new String(record.key(), StandardCharsets.UTF_8)))
			.toList();
	}

	/** How many of these event ids arrived at least once. */
	public long arrivedOf(Set<String> ids) {
		return ids.stream().filter(this.deliveriesById::containsKey).count();
	}

	/** Deliveries beyond the first, over these event ids. */
	public long resentOf(Set<String> ids) {
		return ids.stream().mapToLong((id) -> Math.max(0, this.deliveriesById.getOrDefault(id, 0) - 1)).sum();
	}

	public Set<String> missingOf(Set<String> ids) {
		return ids.stream().filter((id) -> !this.deliveriesById.containsKey(id)).collect(Collectors.toSet());
	}

	@Override
	public void close() throws InterruptedException {
		this.running.set(false);
		this.consumer.wakeup();
		this.poller.join(10_000);
	}

}
