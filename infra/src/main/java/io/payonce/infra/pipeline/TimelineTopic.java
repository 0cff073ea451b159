package io.payonce.infra.pipeline;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * The facts on {@code pay.timeline} about one order, as a test reads them: the key's partition (the producers' default
 * partitioner: murmur2 of the orderNo) from its beginning to its current end, in the order they were appended. One
 * call is one snapshot; a test waits for the facts it expects with Awaitility.
 */
public final class TimelineTopic {

	private final String bootstrapServers;

	public TimelineTopic(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
	}

	/** Every fact keyed by {@code orderNo}, oldest first. */
	public List<TimelineFact> facts(String orderNo) {
		Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers,
				ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
				ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		List<TimelineFact> found = new ArrayList<>();
		try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
			int partitions = consumer.partitionsFor(Topic.PAY_TIMELINE.topicName()).size();
			TopicPartition partition = new TopicPartition(Topic.PAY_TIMELINE.topicName(),
					Utils.toPositive(Utils.murmur2(orderNo.getBytes(StandardCharsets.UTF_8))) % partitions);
			consumer.assign(List.of(partition));
			consumer.seekToBeginning(List.of(partition));
			long end = consumer.endOffsets(List.of(partition)).get(partition);
			long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
			while (consumer.position(partition) < end && System.nanoTime() < deadline) {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
					if (orderNo.equals(record.key())) {
						found.add(TimelineFactCodec.decode(record.value()));
					}
				}
			}
		}
		return found;
	}

}
