package io.payonce.reconciliation.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.payonce.contract.PayonceEvent;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.reconciliation.continuous.Events;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18, reconciliation as a group: two instances of the service (its exec jar, separate processes, each its
 * own state directory) share the partitions of {@code pay.success} + {@code pay.deducted}. One is killed (-9)
 * while MISSING checks are pending in both; the survivor takes its partitions over; then it is started again and
 * its partitions move back to it.
 * <ul>
 * <li>MISSING: payments whose deduction never comes. Each is reported exactly once on the findings topic
 * ({@code read_committed}), also those whose window ended while their partition's instance was dead, and none
 * again when the partitions move back.</li>
 * <li>LATE: payments whose deduction is held back and published right after the kill, within the window but
 * before any instance owns the dead one's partitions again. No finding: the deduction was there in time.</li>
 * <li>PROMPT: payment and deduction together. No finding.</li>
 * </ul>
 * The window (8 s) is shorter than the failover (session timeout 10 s), so the due index must survive in the
 * changelogged store and the late deductions must be read before the due checks run.
 */
class KillOfOneInstanceLosesNoPendingMissingCheckIT {

	private static final int PARTITIONS = 6;

	private static final Duration WINDOW = Duration.ofSeconds(8);

	private static final String RUN = UUID.randomUUID().toString().substring(0, 8);

	private static final String APPLICATION_ID = "reconciliation-ha-" + RUN;

	private static final String FINDINGS_TOPIC = "payonce.reconciliation.findings.ha-" + RUN;

	private static LocalStack stack;

	private static Path dir;

	private static final Map<String, ServiceProcess> instances = new LinkedHashMap<>();

	private static KafkaProducer<String, byte[]> producer;

	private static Admin admin;

	@BeforeAll
	static void startTwoInstances() throws IOException {
		stack = LocalStack.shared();
		TradeSchema.migrateAsTheConsumerDoes(stack);
		dir = Files.createDirectories(Path.of("target", "reconciliation-ha", RUN).toAbsolutePath());
		producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
				ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
		admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers()));
		for (String name : List.of("reconciliation-a", "reconciliation-b")) {
			instances.put(name,
					ServiceProcess.launch(name, execJar(), ServiceProcess.freePort(), environment(name), dir));
		}
		instances.values().forEach((instance) -> instance.awaitHealthy(Duration.ofMinutes(3)));
	}

	@AfterAll
	static void stopAll() {
		instances.values().forEach(ServiceProcess::stop);
		if (producer != null) {
			producer.close();
		}
		if (admin != null) {
			admin.close();
		}
	}

	@Test
	void killNineOfOneInstanceLosesNoMissingCheckAndLateDeductionsRaiseNothing() throws Exception {
		// given both instances share the partitions
		Map<String, Set<Integer>> owners = awaitBothOwnPartitions();
		// and in every partition: a payment whose deduction is held back, one that is never deducted, one deducted
		Map<Integer, List<String>> late = ordersPerPartition("LATE");
		Map<Integer, List<String>> missing = ordersPerPartition("MISSING");
		Map<Integer, List<String>> prompt = ordersPerPartition("PROMPT");
		flatten(late).forEach((orderNo) -> publish(Events.aPayment(orderNo)));
		flatten(missing).forEach((orderNo) -> publish(Events.aPayment(orderNo)));
		flatten(prompt).forEach((orderNo) -> {
			publish(Events.aPayment(orderNo));
			publish(Events.aDeduction(orderNo, flowId(orderNo)));
		});
		producer.flush();
		// seen by their owners: the group committed (exactly_once_v2: with the stores) past every payment
		awaitCommittedToTheEnd();
		Instant seenBy = Instant.now();

		// when one instance is killed while every MISSING check is pending
		ServiceProcess killed = instances.get("reconciliation-a");
		long pid = killed.pid();
		killed.kill();
		assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("PID %d alive", pid).isFalse();
		// and the held-back deductions arrive, within the window, while the killed one's partitions have no owner
		flatten(late).forEach((orderNo) -> publish(Events.aDeduction(orderNo, flowId(orderNo))));
		producer.flush();
		assertThat(Duration.between(seenBy, Instant.now())).as("deductions published within the window")
			.isLessThan(WINDOW);

		// then the survivor takes the dead one's partitions over (after the session timeout, past the window) and
		// every MISSING is reported, also in those partitions
		Map<String, List<String>> findings = new ConcurrentHashMap<>();
		Map<Integer, List<String>> canaries = ordersPerPartition("CANARY");
		try (KafkaConsumer<String, String> reader = findingsReader()) {
			awaitFindings(reader, findings, flatten(missing));
			Map<String, Set<Integer>> afterKill = owners();
			assertThat(afterKill).as("the survivor owns every partition").hasSize(1);
			assertThat(afterKill.values().iterator().next()).hasSize(PARTITIONS);

			// when the killed instance is started again: its partitions move back to it
			killed.start();
			awaitBothOwnPartitions();
			// then the due checks run again on every partition (a new payment per partition is reported, so
			// every task has scanned since), and no MISSING is reported a second time
			flatten(canaries).forEach((orderNo) -> publish(Events.aPayment(orderNo)));
			producer.flush();
			awaitFindings(reader, findings, flatten(canaries));
			readToEnd(reader, findings);
		}
		Set<String> expected = new HashSet<>(flatten(missing));
		expected.addAll(flatten(canaries));
		Map<String, Long> kinds = findings.values().stream().flatMap(List::stream)
			.collect(Collectors.groupingBy((kind) -> kind, Collectors.counting()));
		System.out.printf("reconciliation kill -9: owners before %s; findings %s; %d MISSING and %d canaries expected%n",
				owners, kinds, flatten(missing).size(), expected.size() - flatten(missing).size());
		assertThat(findings).as("findings per order: none for LATE or PROMPT").containsOnlyKeys(expected);
		assertThat(findings.values()).as("each exactly once").allSatisfy((found) -> assertThat(found).containsExactly("MISSING"));
		// whichever instance was killed owned partitions with pending checks: every partition had some
		assertThat(partitionsOf(flatten(missing))).hasSize(PARTITIONS);
		assertThat(partitionsOf(flatten(late))).hasSize(PARTITIONS);
	}

	private static void awaitFindings(KafkaConsumer<String, String> reader, Map<String, List<String>> findings,
			Set<String> orders) {
		await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200)).until(() -> {
			read(reader, findings);
			return findings.keySet().containsAll(orders);
		});
	}

	/**
	 * Both instances in the group, each assigned some of the partitions of pay.success, all of them assigned;
	 * returns the partitions per member (consumer client id).
	 */
	private static Map<String, Set<Integer>> awaitBothOwnPartitions() {
		Map<String, Set<Integer>> owners = new HashMap<>();
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(() -> {
			owners.clear();
			owners.putAll(owners());
			return owners.size() == 2 && owners.values().stream().allMatch((partitions) -> !partitions.isEmpty())
					&& owners.values().stream().mapToInt(Set::size).sum() == PARTITIONS;
		});
		return owners;
	}

	/** The partitions of pay.success per member (consumer client id) of the group, as the coordinator sees it. */
	private static Map<String, Set<Integer>> owners() throws Exception {
		ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(APPLICATION_ID))
			.describedGroups()
			.get(APPLICATION_ID)
			.get(10, TimeUnit.SECONDS);
		Map<String, Set<Integer>> owners = new HashMap<>();
		for (MemberDescription member : group.members()) {
			owners.put(member.clientId(), member.assignment().topicPartitions().stream()
				.filter((partition) -> Topic.PAY_SUCCESS.topicName().equals(partition.topic()))
				.map(TopicPartition::partition)
				.collect(Collectors.toSet()));
		}
		return owners;
	}

	/** Up to the current end of pay.success, the group's committed offsets (the stores committed with them). */
	private static void awaitCommittedToTheEnd() {
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).until(() -> {
			List<TopicPartition> partitions = new ArrayList<>();
			for (int p = 0; p < PARTITIONS; p++) {
				partitions.add(new TopicPartition(Topic.PAY_SUCCESS.topicName(), p));
			}
			Map<TopicPartition, Long> end = new HashMap<>();
			admin.listOffsets(partitions.stream().collect(Collectors.toMap((tp) -> tp,
					(tp) -> org.apache.kafka.clients.admin.OffsetSpec.latest())))
				.all()
				.get(10, TimeUnit.SECONDS)
				.forEach((tp, info) -> end.put(tp, info.offset()));
			Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(APPLICATION_ID)
				.partitionsToOffsetAndMetadata()
				.get(10, TimeUnit.SECONDS);
			return end.entrySet().stream().allMatch((e) -> committed.containsKey(e.getKey())
					&& committed.get(e.getKey()).offset() >= e.getValue());
		});
	}

	/** Three orders per partition of pay.success (the producer's key hashing), named by group. */
	private static Map<Integer, List<String>> ordersPerPartition(String group) {
		Map<Integer, List<String>> orders = new HashMap<>();
		for (int i = 0; orders.values().stream().mapToInt(List::size).sum() < 3 * PARTITIONS; i++) {
			String orderNo = "HA-" + RUN + "-" + group + "-" + i;
			List<String> inPartition = orders.computeIfAbsent(partitionOf(orderNo), (p) -> new ArrayList<>());
			if (inPartition.size() < 3) {
				inPartition.add(orderNo);
			}
		}
		return orders;
	}

	private static int partitionOf(String orderNo) {
		return Utils.toPositive(Utils.murmur2(orderNo.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
	}

	private static Set<Integer> partitionsOf(Collection<String> orderNos) {
		return orderNos.stream().map(KillOfOneInstanceLosesNoPendingMissingCheckIT::partitionOf)
			.collect(Collectors.toSet());
	}

	private static Set<String> flatten(Map<Integer, List<String>> orders) {
		return orders.values().stream().flatMap(List::stream).collect(Collectors.toSet());
	}

	private static long flowId(String orderNo) {
		return Math.abs((long) orderNo.hashCode()) + 1;
	}

	private static void publish(PayonceEvent event) {
		producer.send(EventRecords.of(UUID.randomUUID().toString(), event));
	}

	private static KafkaConsumer<String, String> findingsReader() {
		KafkaConsumer<String, String> reader = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
				stack.kafka().bootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, "findings-reader-" + RUN,
				ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.ISOLATION_LEVEL_CONFIG,
				"read_committed"), new StringDeserializer(), new StringDeserializer());
		reader.subscribe(List.of(FINDINGS_TOPIC));
		return reader;
	}

	/**
	 * This test's findings: a new application id reads both topics from their beginning, so it also reports the
	 * orders other tests of the shared stack left behind; those are not this test's business.
	 */
	private static void read(KafkaConsumer<String, String> reader, Map<String, List<String>> findings) {
		for (ConsumerRecord<String, String> record : reader.poll(Duration.ofMillis(200))) {
			if (record.key() == null || !record.key().startsWith("HA-" + RUN + "-")) {
				continue;
			}
			String kind = record.value().replaceAll("(?s).*\"kind\":\"([A-Z]+)\".*", "$1");
			findings.computeIfAbsent(record.key(), (key) -> new ArrayList<>()).add(kind);
		}
	}

	/** Reads until this reader's position is the end (last stable offset) of every partition. */
	private static void readToEnd(KafkaConsumer<String, String> reader, Map<String, List<String>> findings) {
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(100)).until(() -> {
			read(reader, findings);
			Set<TopicPartition> assigned = reader.assignment();
			Map<TopicPartition, Long> end = reader.endOffsets(assigned);
			return !assigned.isEmpty()
					&& assigned.stream().allMatch((partition) -> reader.position(partition) >= end.get(partition));
		});
	}

	private static Map<String, String> environment(String name) {
		Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment("reconciliation"));
		env.put("PAYONCE_RECONCILIATION_STREAMS_APPLICATION_ID", APPLICATION_ID);
		env.put("PAYONCE_RECONCILIATION_STREAMS_STATE_DIR", stateDir(name).toString());
		env.put("PAYONCE_RECONCILIATION_CONTINUOUS_WINDOW", WINDOW.toSeconds() + "s");
		env.put("PAYONCE_RECONCILIATION_CONTINUOUS_SCAN_INTERVAL", "1s");
		env.put("PAYONCE_RECONCILIATION_CONTINUOUS_FINDINGS_TOPIC", FINDINGS_TOPIC);
		env.put("PAYONCE_RECONCILIATION_AUDIT_REPORT_DIR", dir.resolve(name + "-reports").toAbsolutePath().toString());
		return env;
	}

	private static Path stateDir(String name) {
		return dir.resolve(name + "-streams").toAbsolutePath();
	}

	private static Path execJar() {
		return ServiceProcess.execJar(Path.of("..").toAbsolutePath().normalize(), "reconciliation")
			.orElseThrow(() -> new IllegalStateException("No reconciliation/target/*-exec.jar: run the package phase"));
	}

}
