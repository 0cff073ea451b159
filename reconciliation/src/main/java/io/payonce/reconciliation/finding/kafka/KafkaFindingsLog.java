package io.payonce.reconciliation.finding.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.finding.FindingsLog;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the findings topic on request: from the first record at or after {@code from} (by record time, which is when
 * the finding was made) to the end the topic had when the request came, {@code read_committed} (findings are
 * written in the reconciliation's exactly-once transactions). No group, no committed offsets: every request reads
 * for itself. A finding re-emitted after a crash has the same findingId and is kept once. A settlement record
 * (same findingId, same key, so on the same partition after its finding) is folded into the finding it settles.
 */
public final class KafkaFindingsLog implements FindingsLog {

	private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);

	private final Properties config;

	private final String topic;

	public KafkaFindingsLog(String bootstrapServers, String topic) {
		this.topic = topic;
		this.config = new Properties();
		this.config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		this.config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		this.config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		this.config.put(ConsumerConfig.CLIENT_ID_CONFIG, "payonce-reconciliation-findings-reader");
	}

	@Override
	public List<Finding> detectedBetween(Instant from, Instant to) {
		Map<String, Finding> findings = new LinkedHashMap<>();
		try (KafkaConsumer<String, Finding> consumer = new KafkaConsumer<>(this.config, new StringDeserializer(),
				new JsonSerde<>(Finding.class).deserializer())) {
			List<TopicPartition> partitions = consumer.partitionsFor(this.topic, READ_TIMEOUT)
				.stream()
				.map(info -> new TopicPartition(info.topic(), info.partition()))
				.toList();
			consumer.assign(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions, READ_TIMEOUT);
			Map<TopicPartition, Long> since = new HashMap<>();
			partitions.forEach(partition -> since.put(partition, from.toEpochMilli()));
			Map<TopicPartition, OffsetAndTimestamp> starts = consumer.offsetsForTimes(since, READ_TIMEOUT);
			List<TopicPartition> pending = new ArrayList<>();
			for (TopicPartition partition : partitions) {
				OffsetAndTimestamp start = starts.get(partition);
				if (start != null && start.offset() < end.get(partition)) {
					consumer.seek(partition, start.offset());
					pending.add(partition);
				}
			}
			long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
			while (!pending.isEmpty()) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("the findings topic " + this.topic + " was not read to its end within "
							+ READ_TIMEOUT.toSeconds() + " s");
				}
				for (ConsumerRecord<String, Finding> record : consumer.poll(Duration.ofMillis(200))) {
					Finding finding = record.value();
					if (finding == null) {
						continue;
					}
					if (finding.settles()) {
						findings.computeIfPresent(finding.findingId(), (id, raised) -> raised.settledBy(finding.settlement()));
					}
					else if (!finding.detectedAt().isBefore(from) && finding.detectedAt().isBefore(to)) {
						findings.putIfAbsent(finding.findingId(), finding);
					}
				}
				// position() passes transaction markers too, so a partition ending in a commit marker is finished
				pending.removeIf(partition -> consumer.position(partition) >= end.get(partition));
			}
		}
		return new ArrayList<>(findings.values());
	}

}
