package io.payonce.e2e.console;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.pipeline.TradeLedger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18, "dlt-handler as a group": two dlt-handlers (their exec jars, separate JVMs) share the retry ladder (one
 * Kafka Streams application, the partitions split between them) and the console (one audit trail topic), with
 * gateway, relay and consumer as separate processes against the local stack's Kafka, MariaDB and Redis.
 * <ul>
 * <li>A terminal record replayed through instance A is shown REPLAYED by instance B.</li>
 * <li>Two operators replaying the same record on A and on B at the same moment make one replay: one record on
 * {@code pay.success} with a replay id, one deduction; one gets 200, the other 409.</li>
 * <li>kill -9 of the instance that holds pending retries (exit status 137 proves it): every pending retry is
 * released by the other and deducted once, and no audit entry is lost (the survivor and a restarted instance with
 * an empty state folder show every entry the killed one showed).</li>
 * </ul>
 * Ladder: one retry after 30 s (attempt 2 is the last), long enough to kill an instance while retries wait.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DltHandlersServeOneConsoleIT {

	private static final BigDecimal TOO_POOR = new BigDecimal("10.00");

	private static final BigDecimal TOPPED_UP = new BigDecimal("100.00");

	/** dlt-handler/README.md: {@code payonce.dlt.streams.application-id} default, the Streams consumer group. */
	private static final String LADDER_GROUP = "payonce-dlt-handler";

	private static final String BACKOFF = "30s";

	private static final int PENDING_RETRIES = 6;

	private static final Duration TO_TERMINAL = Duration.ofSeconds(120);

	private static final Duration DEDUCTION_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration CONSOLE_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration START_TIMEOUT = Duration.ofMinutes(4);

	private static Pipeline pipeline;

	private static TradeLedger ledger;

	private static Map<String, String> handlerEnvironment;

	private static Path dataDir;

	private static DltHandlerInstance a;

	private static DltHandlerInstance b;

	private static DltHandlerInstance restarted;

	/** Replayed in the first test; replaying it again is refused, and audited. */
	private static String replayedEvent;

	@BeforeAll
	static void startPipelineAndTwoHandlers() throws Exception {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		String run = UUID.randomUUID().toString().substring(0, 8);
		dataDir = stack.dataDir().resolve("dlt-group-it-" + run);
		handlerEnvironment = new LinkedHashMap<>(stack.serviceEnvironment("dlt-handler"));
		handlerEnvironment.put("PAYONCE_DLT_RETRY_TIERS", BACKOFF);
		handlerEnvironment.put("PAYONCE_DLT_RETRY_MAX_RETRIES", "1");
		handlerEnvironment.put("PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms");
		// one trail for both instances, of this run only: other tests' decisions and replays do not count here
		handlerEnvironment.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.dlt-group.audit." + run);
		a = start("a");
		b = start("b");
		a.awaitHealthy(START_TIMEOUT);
		b.awaitHealthy(START_TIMEOUT);
		awaitBothInstancesShareTheLadder();
	}

	@AfterAll
	static void stopEverything() throws Exception {
		for (DltHandlerInstance handler : new DltHandlerInstance[] { a, b, restarted }) {
			if (handler != null) {
				handler.close();
			}
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	@Order(1)
	void aReplayThroughOneInstanceShowsOnTheOtherAndTwoOperatorsReplayingAtOnceMakeOneReplay() throws Exception {
		// given two orders whose payments failed twice for lack of money: terminal, OPEN on both instances
		SeededPayment first = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
		SeededPayment second = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
		for (SeededPayment payment : List.of(first, second)) {
			assertThat(pipeline.callbacks().send(payment.callback()).status()).isEqualTo(200);
		}
		ConsoleApi consoleA = new ConsoleApi(a.baseUrl());
		ConsoleApi consoleB = new ConsoleApi(b.baseUrl());
		String firstEvent = awaitTerminal(consoleA, first);
		replayedEvent = firstEvent;
		String secondEvent = awaitTerminal(consoleA, second);
		await().atMost(CONSOLE_TIMEOUT).untilAsserted(() -> {
			assertThat(statusOn(consoleB, first)).isEqualTo("OPEN");
			assertThat(statusOn(consoleB, second)).isEqualTo("OPEN");
		});
		ledger.openAccount(first.userId(), TOPPED_UP, first.callback().currency());
		ledger.openAccount(second.userId(), TOPPED_UP, second.callback().currency());

		// when an operator replays the first through instance A
		HttpResponse<String> replayed = consoleA.replay(firstEvent);

		// then instance B shows it REPLAYED, and it is deducted once
		assertThat(replayed.statusCode()).as("replay on A: %s", replayed.body()).isEqualTo(200);
		await().atMost(CONSOLE_TIMEOUT).untilAsserted(() -> assertThat(statusOn(consoleB, first)).isEqualTo("REPLAYED"));
		awaitDeductedOnce(first);

		// when two operators replay the second at the same moment, one on A, one on B
		List<HttpResponse<String>> answers = race(() -> consoleA.replay(secondEvent), () -> consoleB.replay(secondEvent));

		// then one replay was made: one 200 and one 409, one record on pay.success, one deduction
		assertThat(answers).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(200, 409);
		try (TopicRecords paySuccess = new TopicRecords(pipeline.stack().kafka().bootstrapServers(),
				Topic.PAY_SUCCESS)) {
			await().atMost(CONSOLE_TIMEOUT)
				.during(Duration.ofSeconds(3))
				.untilAsserted(() -> assertThat(replaysOf(paySuccess, second)).singleElement()
					.satisfies((record) -> assertThat(TopicRecords.header(record, PayonceHeaders.EVENT_ID))
						.isEqualTo(secondEvent)));
		}
		awaitDeductedOnce(second);
		assertThat(statusOn(consoleA, second)).isEqualTo("REPLAYED");
		await().atMost(CONSOLE_TIMEOUT).untilAsserted(() -> assertThat(statusOn(consoleB, second)).isEqualTo("REPLAYED"));
		// and the trail, on either instance, shows the replay and the refusal of the other
		await().atMost(CONSOLE_TIMEOUT).untilAsserted(() -> assertThat(resultsFor(consoleB, secondEvent))
			.containsExactlyInAnyOrder("STARTED: replaying 1", "OK: replayed 1",
					"REJECTED: nothing to replay, 1 selected record(s) already replayed or resolved"));
	}

	@Test
	@Order(2)
	void killNineOfTheInstanceHoldingPendingRetriesLosesNoRetryAndNoAuditEntry() throws Exception {
		// given payments that failed once for lack of money, waiting in the ladder for their retry in 30 s
		List<SeededPayment> payments = new ArrayList<>();
		for (int i = 0; i < PENDING_RETRIES; i++) {
			SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
			assertThat(pipeline.callbacks().send(payment.callback()).status()).isEqualTo(200);
			payments.add(payment);
		}
		Set<TopicPartition> pending = awaitTakenIntoTheLadder(payments);
		for (SeededPayment payment : payments) {
			ledger.openAccount(payment.userId(), TOPPED_UP, payment.callback().currency());
		}

		// and the instance that holds most of them has written an audit entry of its own
		Map<String, Set<TopicPartition>> assignment = ladderAssignment();
		DltHandlerInstance victim = (held(assignment, "a", pending) >= held(assignment, "b", pending)) ? a : b;
		DltHandlerInstance survivor = (victim == a) ? b : a;
		assertThat(held(assignment, victim.name(), pending)).as("pending retries on %s", victim.name()).isPositive();
		ConsoleApi victimConsole = new ConsoleApi(victim.baseUrl());
		HttpResponse<String> refused = victimConsole.replay(replayedEvent);
		assertThat(refused.statusCode()).as("replaying a replayed record again: %s", refused.body()).isEqualTo(409);
		List<String> trailBefore = entries(victimConsole);
		assertThat(trailBefore).last().asString().startsWith(refusalId(refused)).contains("REJECTED");

		// when it is killed with SIGKILL while every retry still waits
		assertThat(payments).allSatisfy((payment) -> assertThat(ledger.flows(payment.orderNo())).isEmpty());
		int exit = victim.kill();

		// then the operating system reports the kill, and the survivor releases every retry: each deducted once
		assertThat(exit).as("exit status of %s (PID %d)", victim.name(), victim.pid()).isEqualTo(137);
		for (SeededPayment payment : payments) {
			awaitDeductedOnce(payment);
		}
		// and no audit entry is lost: the survivor, and a new instance without any local state, show them all
		ConsoleApi survivorConsole = new ConsoleApi(survivor.baseUrl());
		assertThat(entries(survivorConsole)).startsWith(trailBefore.toArray(String[]::new));
		restarted = start(victim.name() + "-restarted");
		restarted.awaitHealthy(START_TIMEOUT);
		ConsoleApi restartedConsole = new ConsoleApi(restarted.baseUrl());
		await().atMost(CONSOLE_TIMEOUT)
			.untilAsserted(() -> assertThat(entries(restartedConsole)).startsWith(trailBefore.toArray(String[]::new)));
	}

	/** A handler with this run's settings, its own ports and its own (empty) state folder. */
	private static DltHandlerInstance start(String name) throws Exception {
		Map<String, String> env = new LinkedHashMap<>(handlerEnvironment);
		env.put("PAYONCE_DLT_STREAMS_STATE_DIR", dataDir.resolve("streams-" + name).toString());
		// a killed member leaves the group after 6 s (broker minimum); client.id names its member in the group
		env.put("PAYONCE_DLT_STREAMS_SESSION_TIMEOUT", "6s");
		List<String> args = List.of("--payonce.dlt.streams.properties[consumer.heartbeat.interval.ms]=1000",
				"--payonce.dlt.streams.properties[client.id]=dlt-group-it-" + name);
		return DltHandlerInstance.start(name, env, args, dataDir);
	}

	private static String awaitTerminal(ConsoleApi console, SeededPayment payment) {
		Map<String, Object> terminal = await().atMost(TO_TERMINAL)
			.pollInterval(Duration.ofMillis(500))
			.until(() -> onlyRecord(console.terminalRecords(payment.orderNo())), Objects::nonNull);
		assertThat(terminal).containsEntry("status", "OPEN").containsEntry("reason", "RETRIES_EXHAUSTED");
		return (String) terminal.get("eventId");
	}

	private static String statusOn(ConsoleApi console, SeededPayment payment) {
		Map<String, Object> record = onlyRecord(console.terminalRecords(payment.orderNo()));
		return (record == null) ? null : (String) record.get("status");
	}

	private static Map<String, Object> onlyRecord(List<Map<String, Object>> records) {
		assertThat(records).as("terminal records of one order").hasSizeLessThanOrEqualTo(1);
		return records.isEmpty() ? null : records.get(0);
	}

	private static void awaitDeductedOnce(SeededPayment payment) {
		BigDecimal expected = TOPPED_UP.subtract(payment.callback().amount());
		await().atMost(DEDUCTION_TIMEOUT).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID");
			assertThat(ledger.flows(payment.orderNo())).singleElement()
				.satisfies((flow) -> assertThat(flow.type()).isEqualTo("PAY_DEDUCT"));
			assertThat(ledger.balance(payment.userId()))
				.hasValueSatisfying((balance) -> assertThat(balance).isEqualByComparingTo(expected));
		});
	}

	private static List<ConsumerRecord<String, byte[]>> replaysOf(TopicRecords paySuccess, SeededPayment payment) {
		return paySuccess.withKeyPrefix(payment.orderNo())
			.stream()
			.filter((record) -> payment.orderNo().equals(record.key())
					&& TopicRecords.header(record, PayonceHeaders.REPLAY_ID) != null)
			.toList();
	}

	/** The results of the trail's entries that name this event. */
	private static List<String> resultsFor(ConsoleApi console, String eventId) {
		return console.audit()
			.stream()
			.filter((entry) -> ((Collection<?>) entry.get("eventIds")).contains(eventId))
			.map((entry) -> (String) entry.get("result"))
			.toList();
	}

	private static String refusalId(HttpResponse<String> answer) {
		return (String) ((Map<?, ?>) new org.openqa.selenium.json.Json().toType(answer.body(),
				org.openqa.selenium.json.Json.MAP_TYPE)).get("replayId");
	}

	/** The trail as "id result" lines, oldest first. */
	private static List<String> entries(ConsoleApi console) {
		return console.audit().stream().map((entry) -> entry.get("id") + " " + entry.get("result")).toList();
	}

	/** Runs both on threads released at the same moment. */
	@SafeVarargs
	private static <T> List<T> race(Callable<T>... tasks) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(tasks.length);
		try {
			CyclicBarrier start = new CyclicBarrier(tasks.length);
			List<Future<T>> futures = new ArrayList<>();
			for (Callable<T> task : tasks) {
				futures.add(pool.submit(() -> {
					start.await();
					return task.call();
				}));
			}
			List<T> results = new ArrayList<>();
			for (Future<T> future : futures) {
				results.add(future.get(60, TimeUnit.SECONDS));
			}
			return results;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * Waits until each payment's failed attempt is on {@code pay.success.retry} and the ladder's group has committed
	 * past it (it sits in the pending store, its changelog written); returns the partitions that hold them.
	 */
	private static Set<TopicPartition> awaitTakenIntoTheLadder(List<SeededPayment> payments) {
		Set<TopicPartition> partitions = new HashSet<>();
		try (TopicRecords retry = new TopicRecords(pipeline.stack().kafka().bootstrapServers(),
				Topic.PAY_SUCCESS_RETRY); Admin admin = admin()) {
			for (SeededPayment payment : payments) {
				ConsumerRecord<String, byte[]> failed = await().atMost(DEDUCTION_TIMEOUT)
					.until(() -> retry.withKeyPrefix(payment.orderNo())
						.stream()
						.filter((record) -> payment.orderNo().equals(record.key()))
						.findFirst()
						.orElse(null), Objects::nonNull);
				TopicPartition partition = new TopicPartition(failed.topic(), failed.partition());
				partitions.add(partition);
				await().atMost(CONSOLE_TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
					OffsetAndMetadata committed = admin.listConsumerGroupOffsets(LADDER_GROUP)
						.partitionsToOffsetAndMetadata()
						.get(10, TimeUnit.SECONDS)
						.get(partition);
					assertThat(committed).as("ladder's offset on %s", partition).isNotNull();
					assertThat(committed.offset()).isGreaterThan(failed.offset());
				});
			}
		}
		return partitions;
	}

	/** Both instances are members of the ladder's group, each with partitions of pay.success.retry. */
	private static void awaitBothInstancesShareTheLadder() {
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			Map<String, Set<TopicPartition>> assignment = ladderAssignment();
			assertThat(assignment.get("a")).as("retry partitions of a").isNotEmpty();
			assertThat(assignment.get("b")).as("retry partitions of b").isNotEmpty();
		});
	}

	/** Instance name → its partitions of pay.success.retry, from the group as the broker describes it (stable). */
	private static Map<String, Set<TopicPartition>> ladderAssignment() throws Exception {
		try (Admin admin = admin()) {
			ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(LADDER_GROUP))
				.all()
				.get(10, TimeUnit.SECONDS)
				.get(LADDER_GROUP);
			assertThat(group.groupState()).as("state of %s", LADDER_GROUP).isEqualTo(GroupState.STABLE);
			Map<String, Set<TopicPartition>> byInstance = new LinkedHashMap<>();
			for (MemberDescription member : group.members()) {
				for (String name : List.of("a", "b")) {
					if (member.clientId().startsWith("dlt-group-it-" + name + "-")) {
						Set<TopicPartition> retry = new HashSet<>();
						member.assignment().topicPartitions().stream()
							.filter((p) -> p.topic().equals(Topic.PAY_SUCCESS_RETRY.topicName()))
							.forEach(retry::add);
						byInstance.computeIfAbsent(name, (n) -> new HashSet<>()).addAll(retry);
					}
				}
			}
			return byInstance;
		}
	}

	private static long held(Map<String, Set<TopicPartition>> assignment, String name, Set<TopicPartition> pending) {
		return assignment.getOrDefault(name, Set.of()).stream().filter(pending::contains).count();
	}

	private static Admin admin() {
		return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
				pipeline.stack().kafka().bootstrapServers()));
	}

}
