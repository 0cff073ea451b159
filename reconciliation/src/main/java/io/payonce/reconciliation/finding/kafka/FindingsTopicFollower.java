package io.payonce.reconciliation.finding.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.finding.OpenFindings;
import io.payonce.reconciliation.kafka.ConsumerLoop;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the whole findings topic from its beginning and then follows it, {@code read_committed}, into
 * {@link OpenFindings}. No group: every replica reads every partition, so every replica's gauges describe the
 * whole topic, not the tasks it happens to run (Prometheus takes the {@code max} over the replicas). Until it has
 * read up to the end the topic had at start, {@link #caughtUp()} is {@code false} and the gauges say NaN rather
 * than a partial count. An unreadable record is logged with its coordinates and skipped (the topic is written by
 * this service only). Memory: the open findings (the topic's retention bounds what a restart reads).
 */
public final class FindingsTopicFollower extends ConsumerLoop {

	private static final Logger log = LoggerFactory.getLogger(FindingsTopicFollower.class);

	private static final Duration POLL = Duration.ofMillis(500);

	private static final JsonSerde<Finding> FINDINGS = new JsonSerde<>(Finding.class);

	private final String topic;

	private final OpenFindings open;

	private volatile boolean caughtUp;

	public FindingsTopicFollower(String bootstrapServers, String topic, OpenFindings open) {
		super("findings-follower", config(bootstrapServers));
		this.topic = topic;
		this.open = open;
	}

	private static Properties config(String bootstrapServers) {
		Properties config = new Properties();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		config.put(ConsumerConfig.CLIENT_ID_CONFIG, "payonce-reconciliation-findings-follower");
		return config;
	}

	public boolean caughtUp() {
		return this.caughtUp;
	}

	@Override
	protected void loop(KafkaConsumer<String, byte[]> kafka) {
		List<TopicPartition> partitions = partitions(kafka);
		kafka.assign(partitions);
		kafka.seekToBeginning(partitions);
		Map<TopicPartition, Long> startEnd = kafka.endOffsets(partitions);
		while (running()) {
			for (ConsumerRecord<String, byte[]> record : kafka.poll(POLL)) {
				apply(record);
			}
			if (!this.caughtUp
					&& startEnd.entrySet().stream().allMatch((e) -> kafka.position(e.getKey()) >= e.getValue())) {
				this.caughtUp = true;
				log.info("Read the findings topic {} to its end: open findings are counted", this.topic);
			}
		}
	}

	@Override
	protected void failed(RuntimeException ex) {
		this.caughtUp = false;
		log.error("Following the findings topic {} failed; the open-findings gauges say NaN: {}", this.topic,
				ex.toString());
	}

	private void apply(ConsumerRecord<String, byte[]> record) {
		try {
			Finding finding = FINDINGS.deserializer().deserialize(record.topic(), record.value());
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
		while (running()) {
			List<TopicPartition> partitions = kafka.partitionsFor(this.topic, Duration.ofSeconds(10))
				.stream()
				.map((info) -> new TopicPartition(info.topic(), info.partition()))
				.toList();
			if (!partitions.isEmpty()) {
				return partitions;
			}
			try {
				// not there yet: ask again in a second (stop() ends the loop through running())
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
