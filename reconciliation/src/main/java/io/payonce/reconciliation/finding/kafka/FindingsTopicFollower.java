package io.payonce.reconciliation.finding.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.finding.OpenFindings;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Reads the whole findings topic from its beginning and then follows it, {@code read_committed}, into
 * {@link OpenFindings}. No group: every replica reads every partition, so every replica's gauges describe the
 * whole topic, not the tasks it happens to run (Prometheus takes the {@code max} over the replicas). Until it has
 * read up to the end the topic had at start, {@link #caughtUp()} is {@code false} and the gauges say NaN rather
 * than a partial count. An unreadable record is logged with its coordinates and skipped (the topic is written by
 * this service only).
 */
public final class FindingsTopicFollower implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(FindingsTopicFollower.class);

	private static final Duration POLL = Duration.ofMillis(500);

	private final Properties config = new Properties();

	private final String topic;

	private final OpenFindings open;

	private final CountDownLatch stopped = new CountDownLatch(1);

	private volatile boolean caughtUp;

	private volatile boolean running;

	private volatile KafkaConsumer<String, byte[]> consumer;

	private Thread thread;

	public FindingsTopicFollower(String bootstrapServers, String topic, OpenFindings open) {
		this.topic = topic;
		this.open = open;
		this.config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		this.config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		this.config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		this.config.put(ConsumerConfig.CLIENT_ID_CONFIG, "payonce-reconciliation-findings-follower");
	}

	public boolean caughtUp() {
		return this.caughtUp;
	}

	@Override
	public void start() {
		this.running = true;
		this.thread = new Thread(this::follow, "findings-follower");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	@Override
	public void stop() {
		this.running = false;
		KafkaConsumer<String, byte[]> current = this.consumer;
		if (current != null) {
			current.wakeup();
		}
		try {
			this.stopped.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	private void follow() {
		try (KafkaConsumer<String, byte[]> kafka = new KafkaConsumer<>(this.config, new StringDeserializer(),
				new ByteArrayDeserializer())) {
			this.consumer = kafka;
			List<TopicPartition> partitions = partitions(kafka);
			kafka.assign(partitions);
			kafka.seekToBeginning(partitions);
			Map<TopicPartition, Long> startEnd = kafka.endOffsets(partitions);
			JsonSerde<Finding> serde = new JsonSerde<>(Finding.class);
			while (this.running) {
				for (ConsumerRecord<String, byte[]> record : kafka.poll(POLL)) {
					apply(serde, record);
				}
				if (!this.caughtUp && startEnd.entrySet().stream().allMatch((e) -> kafka.position(e.getKey()) >= e.getValue())) {
					this.caughtUp = true;
					log.info("Read the findings topic {} to its end: open findings are counted", this.topic);
				}
			}
		}
		catch (WakeupException ex) {
			// stop() woke the poll
		}
		catch (RuntimeException ex) {
			log.error("Following the findings topic {} failed; the open-findings gauges stay as they were: {}",
					this.topic, ex.toString());
			this.caughtUp = false;
		}
		finally {
			this.consumer = null;
			this.stopped.countDown();
		}
	}

	private void apply(JsonSerde<Finding> serde, ConsumerRecord<String, byte[]> record) {
		try {
			Finding finding = serde.deserializer().deserialize(record.topic(), record.value());
			if (finding != null) {
				this.open.apply(finding);
			}
		}
		catch (RuntimeException ex) {
			log.error("Unreadable finding on {} at {}@{}: {}", record.topic(), record.partition(), record.offset(),
					ex.getMessage());
		}
	}

	/** The topic is created by this service's KafkaAdmin at start; wait for it rather than fail. */
	private List<TopicPartition> partitions(KafkaConsumer<String, byte[]> kafka) {
		while (this.running) {
			List<TopicPartition> partitions = kafka.partitionsFor(this.topic, Duration.ofSeconds(10))
				.stream()
				.map((info) -> new TopicPartition(info.topic(), info.partition()))
				.toList();
			if (!partitions.isEmpty()) {
				return partitions;
			}
			try {
				// the topic is not there yet: ask again in a second (stop() ends the loop through running)
				TimeUnit.SECONDS.sleep(1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		throw new WakeupException();
	}

}
