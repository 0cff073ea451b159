package io.payonce.e2e.faults;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The deduct consumers' group as the broker sees it (Admin API, straight to the broker): which instance holds
 * which partitions of pay.success, and the group's committed offsets against the end of each partition. A scenario
 * proves with it that partitions moved, that a member was evicted, or where the offsets stood when a consumer died.
 * Instances are told apart by client id: each consumer instance runs with its own
 * ({@code SPRING_KAFKA_CONSUMER_CLIENT_ID=<instance>}), its listener threads appending {@code -<n>}.
 */
final class GroupView implements AutoCloseable {

	static final String GROUP = "payonce-deduct-consumer";

	private final Admin admin;

	GroupView(String bootstrapServers) {
		this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000", AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
				"10000"));
	}

	/**
	 * Partitions of pay.success per instance right now (instances without a member are absent); empty while the
	 * broker does not answer.
	 */
	Map<String, Set<Integer>> assignment() {
		Map<String, Set<Integer>> held = new TreeMap<>();
		try {
			ConsumerGroupDescription group = this.admin.describeConsumerGroups(List.of(GROUP))
				.describedGroups()
				.get(GROUP)
				.get(10, TimeUnit.SECONDS);
			for (MemberDescription member : group.members()) {
				Set<Integer> partitions = held.computeIfAbsent(instance(member.clientId()), key -> new TreeSet<>());
				member.assignment()
					.topicPartitions()
					.stream()
					.filter(partition -> partition.topic().equals(Topic.PAY_SUCCESS.topicName()))
					.forEach(partition -> partitions.add(partition.partition()));
			}
		}
		catch (Exception ex) {
			return Map.of();
		}
		return held;
	}

	/** {@code deduct-consumer-2-1} (instance {@code deduct-consumer-2}, listener thread 1) → the instance. */
	static String instance(String clientId) {
		int dash = clientId.lastIndexOf('-');
		return dash < 0 ? clientId : clientId.substring(0, dash);
	}

	/** The group's committed offset per partition of pay.success. */
	Map<Integer, Long> committed() {
		Map<Integer, Long> offsets = new TreeMap<>();
		try {
			Map<TopicPartition, OffsetAndMetadata> committed = this.admin.listConsumerGroupOffsets(GROUP)
				.partitionsToOffsetAndMetadata()
				.get(10, TimeUnit.SECONDS);
			committed.forEach((partition, offset) -> {
				if (partition.topic().equals(Topic.PAY_SUCCESS.topicName()) && offset != null) {
					offsets.put(partition.partition(), offset.offset());
				}
			});
		}
		catch (Exception ex) {
			throw new IllegalStateException("could not read the committed offsets of " + GROUP, ex);
		}
		return offsets;
	}

	/** The end offset per partition of pay.success. */
	Map<Integer, Long> end(int partitions) {
		Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
		for (int p = 0; p < partitions; p++) {
			latest.put(new TopicPartition(Topic.PAY_SUCCESS.topicName(), p), OffsetSpec.latest());
		}
		Map<Integer, Long> offsets = new TreeMap<>();
		try {
			this.admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS)
				.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
		}
		catch (Exception ex) {
			throw new IllegalStateException("could not read the end offsets of pay.success", ex);
		}
		return offsets;
	}

	@Override
	public void close() {
		this.admin.close(java.time.Duration.ofSeconds(5));
	}

}
