package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, last bullet: a rolling restart of every service in turn under steady load. Two instances of every
 * service, as in production (gateway, relay leader + standby, deduct-consumer, dlt-handler, reconciliation), the fault
 * bench's signed-callback load with 30 % duplicates sent through a {@link GatewayService} (the Kubernetes Service
 * and the platform's retries that stand before the gateways in production), and one payment in
 * {@value #POOR_EVERY} from an account without money, so that the dlt-handler's retry ladder and reconciliation's
 * pending MISSING checks have work all along.
 *
 * <p>
 * Each instance in turn is replaced the way a rollout replaces a pod: SIGTERM, the exit awaited (status 143 and a new
 * PID prove it), started again, awaited healthy, then {@value #STEADY_SECONDS} s of load before the next; no other
 * process may change its PID meanwhile and the supervisor restarts nothing. Then: every callback answered 2xx (each
 * retry finally answered 2xx), I1–I6 over the run, every payment with money deducted once, every payment without
 * money terminal and reported MISSING by reconciliation exactly once.
 *
 * <p>
 * The gap each step caused, per service, over the window from its SIGTERM to the next step's (wall-clock millis
 * of the same machine): the gateway's longest time without a 2xx answer and its retried callbacks with their
 * extra latency; the relay's longest time without a record on pay.success (create time); the consumer's longest time
 * without a deduction in any one partition of pay.success (the time the {@code PAY_DEDUCT} flow was written,
 * MariaDB's clock; per partition, because the other instance goes on with its own partitions while one's wait); the
 * dlt-handler's longest ladder of a payment without money (its pay.success record to its terminal record) among those
 * whose ladder overlapped the window, and the longest time no console instance answered; reconciliation's longest
 * time its group's committed offset on any one partition of pay.success did not move. Reported in
 * {@code rolling-restart.md|json}, nothing of it asserted as a bound.
 */
class RollingRestartIT {

	/** Payments per second of the steady load ({@code -Dpayonce.rolling.rate}). */
	private static final int RATE = Integer.getInteger("payonce.rolling.rate", 30);

	/** Steady load between two steps, and before the first (the baseline window). */
	private static final int STEADY_SECONDS = 8;

	/** More than the run releases: the load is stopped once the rollout is done. */
	private static final int SEEDED = RATE * 1200;

	/** Every POOR_EVERY-th payment comes from an account without money: retry ladder, terminal, MISSING. */
	private static final int POOR_EVERY = 50;

	/** reconciliation's Kafka Streams application id (its default): the group whose position is watched. */
	private static final String RECONCILIATION_GROUP = "payonce-reconciliation";

	/**
	 * The Kafka group each service's instances are members of (their defaults): a clean stop must leave it at once,
	 * or the instance's partitions wait for its session timeout.
	 */
	private static final Map<String, String> GROUPS = Map.of(FaultBench.RELAY, "payonce-outbox-relay",
			FaultBench.CONSUMER, "payonce-deduct-consumer", FaultBench.DLT, "payonce-dlt-handler",
			FaultBench.RECONCILIATION, RECONCILIATION_GROUP);

	private static final String FINDINGS_TOPIC = "payonce.reconciliation.findings";

	private static final Duration FINDINGS_TIMEOUT = Duration.ofMinutes(3);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static FaultBench bench;

	private static FaultReport report;

	private static ScenarioRunner runner;

	/** The order of the rollout. */
	private static final List<ServiceProcess> instances = new ArrayList<>();

	@BeforeAll
	static void startTwoInstancesOfEveryService() {
		bench = FaultBench.start(LocalStack.shared());
		report = new FaultReport(FaultReport.defaultDirectory(), "rolling-restart",
				"PayOnce rolling restart under load (" + Instant.now() + ")");
		report.setting("rate", RATE + " payments/s, 30 % called back twice, 1 in " + POOR_EVERY + " without money");
		runner = new ScenarioRunner(bench, report);
		ServiceProcess gateway2 = bench.addGateway(FaultBench.GATEWAY + "-2");
		ServiceProcess relay2 = bench.addRelay(FaultBench.RELAY + "-2");
		ServiceProcess dlt2 = bench.addDltHandler(FaultBench.DLT + "-2");
		ServiceProcess reconciliation = bench.addReconciliation(FaultBench.RECONCILIATION);
		ServiceProcess reconciliation2 = bench.addReconciliation(FaultBench.RECONCILIATION + "-2");
		List<ServiceProcess> consumers = bench.consumers();
		instances.addAll(List.of(bench.service(FaultBench.GATEWAY), gateway2, bench.service(FaultBench.RELAY), relay2,
				consumers.get(0), consumers.get(1), bench.service(FaultBench.DLT), dlt2, reconciliation,
				reconciliation2));
	}

	@AfterAll
	static void stopEverything() throws IOException {
		if (bench != null) {
			// the stack's folder goes with the JVM: keep the services' logs beside the report
			Path logs = Files.createDirectories(FaultReport.defaultDirectory().resolve("rolling-restart-logs"));
			for (ServiceProcess service : bench.services()) {
				if (Files.exists(service.logFile())) {
					Files.copy(service.logFile(), logs.resolve(service.service() + ".log"),
							StandardCopyOption.REPLACE_EXISTING);
				}
			}
			bench.close();
		}
	}

	@Test
	void aRollingRestartOfEveryInstanceUnderLoadAnswersEveryCallbackAndDeductsEveryPaymentOnce() {
		// given two instances of every service, one relay leading, and a steady load through the gateways' Service
		awaitOneRelayLeading();
		ScenarioRunner.Running run = runner.begin("rolling restart of every instance under load",
				"SIGTERM, exit, start, healthy: each of " + instances.size() + " instances in turn, "
						+ STEADY_SECONDS + " s of load between two");
		List<PayCallback> payments = seed(run.scope);
		Set<String> poorOrders = payments.stream()
			.filter(payment -> isPoor(payment, run.scope))
			.map(PayCallback::orderNo)
			.collect(Collectors.toSet());
		GatewayService gateways = new GatewayService(instances.subList(0, 2));
		List<ServiceProcess> dltHandlers = List.of(instances.get(6), instances.get(7));
		try (Watch watch = new Watch(bench.stack().kafka().bootstrapServers(), dltHandlers)) {
			run.startLoad(payments, RATE, gateways, payment -> {
			});
			long loadStartedAt = System.currentTimeMillis();
			awaitSteadyLoad(run);
			long baselineTo = System.currentTimeMillis();

			// when each instance in turn is replaced as a rollout does it
			List<Step> steps = new ArrayList<>();
			for (ServiceProcess instance : instances) {
				String role = relayRole(instance);
				Map<String, Long> othersBefore = pidsExcept(instance);
				String group = groupOf(instance);
				int membersBefore = group == null ? 0 : watch.members(group);
				int[] membersAtExit = { -1 };
				FaultBench.Rollout rollout = bench.rollingRestart(instance, () -> {
					if (group != null) {
						membersAtExit[0] = watch.members(group);
					}
				});
				Map<String, Long> othersAfter = pidsExcept(instance);
				run.prove(rollout.proven(), rollout.toString());
				run.prove(othersAfter.equals(othersBefore),
						"the others kept their PIDs during " + instance.service() + ": " + othersAfter);
				String membership = group == null ? "" : group + ": " + membersBefore + " → " + membersAtExit[0];
				steps.add(new Step(instance.service(), role, rollout, membership,
						group == null || (membersAtExit[0] >= 0 && membersAtExit[0] < membersBefore)));
				awaitSteadyLoad(run);
			}
			long rolloutEndedAt = System.currentTimeMillis();
			run.load.stop();
			run.awaitLoadFinished();

			// then every callback was answered 2xx, every retry finally so
			Set<String> released = run.loadPayments.subList(0, run.load.payments())
				.stream()
				.map(PayCallback::orderNo)
				.collect(Collectors.toSet());
			Set<String> poorReleased = released.stream().filter(poorOrders::contains).collect(Collectors.toSet());
			Map<String, Long> findings = awaitMissingFindings(run.scope, poorReleased);
			run.note("retries by cause " + gateways.retriesByCause() + "; " + gateways.retried().size()
					+ " callbacks retried, " + gateways.unanswered() + " unanswered; " + poorReleased.size()
					+ " payments without money released, " + findings.size() + " orders of the scope with a MISSING finding in "
					+ findings.values().stream().mapToLong(Long::longValue).sum() + " finding records");
			FaultReport.Scenario scenario = runner.finish(run);
			Measures measures = new Measures(run.scope, gateways, watch, poorReleased);
			List<List<Object>> rows = new ArrayList<>();
			rows.add(measures.row("baseline (steady load, no restart)", "", "", "", loadStartedAt + 2000, baselineTo));
			for (int i = 0; i < steps.size(); i++) {
				Step step = steps.get(i);
				long to = i + 1 < steps.size() ? steps.get(i + 1).rollout.terminatedAt() : rolloutEndedAt;
				rows.add(measures.row(step.instance, step.role, step.rollout.exit().status() + " in "
						+ step.rollout.stopSeconds() + " s, healthy " + step.rollout.startSeconds() + " s later",
						step.membership, step.rollout.terminatedAt(), to));
			}
			report.add(new FaultReport.Table("Gap per step",
					"Each step's window runs from its SIGTERM to the next step's SIGTERM (the last: "
							+ STEADY_SECONDS + " s after it was healthy). Gaps in ms: the longest part of a silence between "
							+ "two consecutive events that lies in the window (a silence across a step's SIGTERM is "
							+ "split there), the baseline the same over steady load before any restart. Retried: callbacks that needed more than one attempt, "
							+ "first sent in the window, and the longest extra latency (first attempt to 2xx). "
							+ "Ladder: the longest time from pay.success to pay.success.terminal of a payment without "
							+ "money whose ladder overlapped the window (nominal: 1 s + 2 s of back-off). "
							+ "Group members: the instances' Kafka group, described before the SIGTERM and right "
							+ "after the exit (fewer: the instance left the group on its way out; the same: its "
							+ "partitions wait for its session timeout). "
							+ "Consumer and reconciliation: per partition of pay.success, the longest of any one "
							+ "(the consumer: between two deductions of its orders; reconciliation: between two moves "
							+ "of its group's committed offset).",
					List.of("step", "role", "exit; restart", "group members: before → at exit", "gateway: no 2xx (ms)", "retried (max extra ms)",
							"relay: no pay.success record (ms)", "consumer: no deduction (ms)",
							"dlt-handler: longest ladder (ms)", "console: no instance answered (ms)",
							"reconciliation: position still (ms)"),
					rows));
			System.out.println("rolling restart: " + rows);

			// every step proven, nothing else restarted, the invariants hold over the run
			assertThat(scenario.passed()).as(scenario.name() + ": proof " + scenario.proof() + "; recovery "
					+ scenario.recovery() + "; restarts " + scenario.restarts()).isTrue();
			assertThat(scenario.restarts()).as("restarts by the supervisor").isEmpty();
			assertThat(scenario.invariants()).hasSize(6).allSatisfy(result -> assertThat(result.holds())
				.as(result.toString()).isTrue());
			assertThat(steps).hasSize(10).allSatisfy(step -> assertThat(step.rollout.proven())
				.as(step.rollout.toString()).isTrue());
			// a clean stop leaves the group: its partitions move at once, not after the session timeout
			assertThat(steps).allSatisfy(step -> assertThat(step.leftItsGroup())
				.as("%s left %s on its way out", step.instance(), step.membership()).isTrue());
			// every callback answered 2xx, the retried ones too
			assertThat(gateways.unanswered()).as("callbacks never answered").isZero();
			assertThat(run.load.gaveUp.get()).isZero();
			assertThat(run.load.answers(200)).as("load: %s", run.load).isEqualTo(run.load.requests.get());
			assertThat(gateways.retried()).as("retried callbacks").allSatisfy(retried -> assertThat(retried.answered2xx())
				.as(retried.toString()).isTrue());
			assertThat(gateways.retriesByCause()).as("the gateway restarts sent callbacks to the other instance")
				.isNotEmpty();
			assertThat(run.scope.answered2xx()).as("every released payment answered 2xx").containsAll(released);
			// every payment with money deducted once, every one without terminal and reported MISSING once
			assertThat(scenario.deducted()).isEqualTo(released.size() - poorReleased.size());
			assertThat(bench.terminalKeys(run.scope)).containsExactlyInAnyOrderElementsOf(poorReleased);
			assertThat(findings).as("MISSING findings per order (records)")
				.containsOnlyKeys(poorReleased)
				.allSatisfy((orderNo, records) -> assertThat(records).as(orderNo).isEqualTo(1L));
			// and the relay's handovers happened: both instances published during the run
			assertThat(relayedBy(run.scope).keySet()).as("relay instances that published").hasSizeGreaterThanOrEqualTo(2);
		}
	}

	/**
	 * One step of the rollout: the instance, its relay role before, what happened, the members of its group before
	 * the SIGTERM and right after the exit, and whether it had left the group by the time it exited.
	 */
	private record Step(String instance, String role, FaultBench.Rollout rollout, String membership,
			boolean leftItsGroup) {

	}

	private static String groupOf(ServiceProcess instance) {
		return GROUPS.entrySet()
			.stream()
			.filter(e -> instance.service().equals(e.getKey()) || instance.service().startsWith(e.getKey() + "-"))
			.map(Map.Entry::getValue)
			.findFirst()
			.orElse(null);
	}

	/** Seeds the scope's orders; every POOR_EVERY-th account opens without money. */
	private static List<PayCallback> seed(Scope scope) {
		List<PayCallback> payments = bench.seeder().payments(scope, SEEDED, ScenarioRunner.AMOUNT, false);
		List<Long> poor = new ArrayList<>();
		List<Long> funded = new ArrayList<>();
		for (PayCallback payment : payments) {
			(isPoor(payment, scope) ? poor : funded).add(payment.userId());
		}
		bench.seeder().openAccounts(scope, funded, ScenarioRunner.OPENING_BALANCE);
		bench.seeder().openAccounts(scope, poor, BigDecimal.ZERO.setScale(2));
		bench.seeder().placeOrders(payments);
		return payments;
	}

	private static boolean isPoor(PayCallback payment, Scope scope) {
		return (payment.userId() - scope.firstUser()) % POOR_EVERY == POOR_EVERY - 1;
	}

	/** Waits until STEADY_SECONDS more of the load have been released. */
	private static void awaitSteadyLoad(ScenarioRunner.Running run) {
		int target = run.load.dispatched.get() + RATE * STEADY_SECONDS;
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> run.load.dispatched.get() >= target);
	}

	private static void awaitOneRelayLeading() {
		List<ServiceProcess> relays = List.of(instances.get(2), instances.get(3));
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> relays.stream()
			.map(RelayInstance::of)
			.filter(instance -> instance.map(RelayInstance::streams).orElse(false))
			.count() == 1
				&& relays.stream().map(RelayInstance::of).filter(instance -> instance.isPresent()).count() == 2);
	}

	/** LEADER or STANDBY for a relay, empty for the others. */
	private static String relayRole(ServiceProcess instance) {
		if (!instance.service().startsWith(FaultBench.RELAY)) {
			return "";
		}
		return RelayInstance.of(instance).map(RelayInstance::role).orElse("unknown");
	}

	private static Map<String, Long> pidsExcept(ServiceProcess instance) {
		Map<String, Long> pids = new HashMap<>();
		bench.services().stream()
			.filter(service -> service != instance)
			.forEach(service -> pids.put(service.service(), service.isRunning() ? service.pid() : -1));
		return pids;
	}

	/** Records of the scope on pay.success per relay instance that published them. */
	private static Map<String, Long> relayedBy(Scope scope) {
		return bench.paySuccessRecords(scope)
			.stream()
			.collect(Collectors.groupingBy(
					record -> String.valueOf(TopicRecords.header(record, PayonceHeaders.RELAYED_BY)),
					Collectors.counting()));
	}

	/**
	 * Waits until every released payment without money has a MISSING finding (its window is
	 * {@link FaultBench#RECONCILIATION_WINDOW}), then returns the findings records of the scope per orderNo.
	 */
	private static Map<String, Long> awaitMissingFindings(Scope scope, Set<String> expected) {
		Map<String, Long> found = new HashMap<>();
		ScenarioRunner.awaitUntil(FINDINGS_TIMEOUT, () -> {
			found.clear();
			found.putAll(findings(scope));
			return found.keySet().containsAll(expected);
		});
		return found;
	}

	/** Findings of the scope's orders on the findings topic (committed), counted per orderNo, MISSING only. */
	private static Map<String, Long> findings(Scope scope) {
		Properties props = TopicRecords.observer(bench.stack().kafka().bootstrapServers(), "e2e-rolling-findings-",
				StringDeserializer.class);
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
			List<TopicPartition> partitions = consumer.partitionsFor(FINDINGS_TOPIC)
				.stream()
				.map(info -> new TopicPartition(info.topic(), info.partition()))
				.toList();
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			List<JsonNode> findings = new ArrayList<>();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
			while (end.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())
					&& System.nanoTime() < deadline) {
				consumer.poll(Duration.ofMillis(200)).forEach(record -> {
					if (record.key() != null && record.key().startsWith(scope.prefix())) {
						findings.add(JSON.readTree(record.value()));
					}
				});
			}
			return findings.stream()
				.filter(finding -> "MISSING".equals(finding.path("kind").asString()))
				.collect(Collectors.groupingBy(finding -> finding.path("orderNo").asString(), Collectors.counting()));
		}
	}

	/**
	 * What the test watches while the rollout runs, every 250 ms: the committed position of reconciliation's group
	 * on pay.success (the times it moved) and which dlt-handler console answered (the times any did).
	 */
	private static final class Watch implements AutoCloseable {

		private final Admin admin;

		private final List<DltConsole> consoles;

		/** Per partition of pay.success: when the group's committed offset moved. */
		private final Map<Integer, Queue<Long>> reconciliationMoved = new java.util.concurrent.ConcurrentHashMap<>();

		private final Queue<Long> consoleAnswered = new ConcurrentLinkedQueue<>();

		private final Thread thread;

		private volatile boolean closed;

		Watch(String bootstrapServers, List<ServiceProcess> dltHandlers) {
			this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
			this.consoles = dltHandlers.stream()
				.map(handler -> new DltConsole(handler.baseUrl(), FaultBench.CONSOLE_ADMIN,
						FaultBench.CONSOLE_ADMIN_PASSWORD))
				.toList();
			this.thread = new Thread(this::watch, "e2e-rolling-watch");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		private void watch() {
			Map<Integer, Long> last = new HashMap<>();
			while (!this.closed) {
				Map<Integer, Long> positions = reconciliationPositions();
				long now = System.currentTimeMillis();
				positions.forEach((partition, position) -> {
					Long before = last.put(partition, position);
					if (before != null && position > before) {
						this.reconciliationMoved.computeIfAbsent(partition, p -> new ConcurrentLinkedQueue<>()).add(now);
					}
				});
				for (DltConsole console : this.consoles) {
					if (answers(console)) {
						this.consoleAnswered.add(System.currentTimeMillis());
						break;
					}
				}
				// the watch's sampling period, not a synchronisation
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
			}
		}

		/** The group's committed offset per partition of pay.success; empty if it cannot be read now. */
		private Map<Integer, Long> reconciliationPositions() {
			try {
				Map<TopicPartition, OffsetAndMetadata> offsets = this.admin
					.listConsumerGroupOffsets(RECONCILIATION_GROUP)
					.partitionsToOffsetAndMetadata()
					.get(5, TimeUnit.SECONDS);
				Map<Integer, Long> positions = new HashMap<>();
				offsets.forEach((partition, offset) -> {
					if (partition.topic().equals(Topic.PAY_SUCCESS.topicName()) && offset != null) {
						positions.put(partition.partition(), offset.offset());
					}
				});
				return positions;
			}
			catch (ExecutionException | TimeoutException ex) {
				return Map.of();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return Map.of();
			}
		}

		private static boolean answers(DltConsole console) {
			try {
				return console.list("E2E-rolling-probe").status() == 200;
			}
			catch (UncheckedIOException | IllegalStateException ex) {
				return false;
			}
		}

		/** Members of a consumer group now (-1 if it cannot be described). */
		int members(String group) {
			try {
				return this.admin.describeConsumerGroups(List.of(group))
					.describedGroups()
					.get(group)
					.get(5, TimeUnit.SECONDS)
					.members()
					.size();
			}
			catch (ExecutionException | TimeoutException ex) {
				return -1;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return -1;
			}
		}

		List<List<Long>> reconciliationMoved() {
			return this.reconciliationMoved.values().stream().map(RollingRestartIT::sorted).toList();
		}

		List<Long> consoleAnswered() {
			return sorted(this.consoleAnswered);
		}

		@Override
		public void close() {
			this.closed = true;
			this.admin.close(Duration.ofSeconds(5));
		}

	}

	private static List<Long> sorted(Collection<Long> times) {
		return times.stream().sorted().toList();
	}

	/** Every series the gaps are read from, taken once after the run. */
	private static final class Measures {

		private final GatewayService gateways;

		private final List<Long> paySuccess;

		/** Per partition of pay.success: when its orders' deductions were written. */
		private final Collection<List<Long>> deductions;

		private final List<long[]> ladders;

		private final List<List<Long>> reconciliationMoved;

		private final List<Long> consoleAnswered;

		Measures(Scope scope, GatewayService gateways, Watch watch, Set<String> poor) {
			this.gateways = gateways;
			List<ConsumerRecord<String, byte[]>> paySuccess = bench.paySuccessRecords(scope);
			this.paySuccess = paySuccess.stream().map(ConsumerRecord::timestamp).sorted().toList();
			Map<String, Integer> partitionOf = paySuccess.stream()
				.collect(Collectors.toMap(ConsumerRecord::key, ConsumerRecord::partition, (a, b) -> a));
			this.deductions = deductionTimes(scope).entrySet()
				.stream()
				.collect(Collectors.groupingBy(e -> partitionOf.getOrDefault(e.getKey(), -1),
						Collectors.mapping(Map.Entry::getValue, Collectors.toList())))
				.values()
				.stream()
				.map(RollingRestartIT::sorted)
				.toList();
			Map<String, Long> firstSuccess = paySuccess.stream()
				.filter(record -> poor.contains(record.key()))
				.collect(Collectors.toMap(ConsumerRecord::key, ConsumerRecord::timestamp, Math::min));
			Map<String, Long> terminal = bench.terminalRecords(scope)
				.stream()
				.collect(Collectors.toMap(ConsumerRecord::key, ConsumerRecord::timestamp, Math::min));
			this.ladders = firstSuccess.entrySet()
				.stream()
				.filter(e -> terminal.containsKey(e.getKey()))
				.map(e -> new long[] { e.getValue(), terminal.get(e.getKey()) })
				.toList();
			this.reconciliationMoved = watch.reconciliationMoved();
			this.consoleAnswered = watch.consoleAnswered();
		}

		List<Object> row(String step, String role, String exit, String membership, long from, long to) {
			List<GatewayService.Retried> retried = this.gateways.retried()
				.stream()
				.filter(r -> r.firstAttemptAt() >= from && r.firstAttemptAt() <= to)
				.toList();
			long longestLadder = this.ladders.stream()
				.filter(ladder -> ladder[1] >= from && ladder[0] <= to)
				.mapToLong(ladder -> ladder[1] - ladder[0])
				.max()
				.orElse(-1);
			return List.of(step, role, exit, membership, Gaps.longestGapMillis(this.gateways.acceptedAt(), from, to),
					retried.size() + " (" + retried.stream().mapToLong(GatewayService.Retried::extraMillis).max().orElse(0)
							+ ")",
					Gaps.longestGapMillis(this.paySuccess, from, to), Gaps.longestGapOfAnyMillis(this.deductions, from, to),
					longestLadder, Gaps.longestGapMillis(this.consoleAnswered, from, to),
					Gaps.longestGapOfAnyMillis(this.reconciliationMoved, from, to));
		}

		/** When each of the scope's deductions was written (wall-clock millis), by orderNo. */
		private static Map<String, Long> deductionTimes(Scope scope) {
			String sql = "SELECT biz_no, ROUND(UNIX_TIMESTAMP(created_at) * 1000) FROM t_account_flow "
					+ "WHERE type = 'PAY_DEDUCT' AND biz_no LIKE ?";
			try (Connection trade = java.sql.DriverManager.getConnection(
					bench.stack().mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
					LocalDatabase.TRADE.password()); PreparedStatement statement = trade.prepareStatement(sql)) {
				statement.setString(1, scope.prefix() + "%");
				Map<String, Long> times = new HashMap<>();
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						times.put(rows.getString(1), rows.getLong(2));
					}
				}
				return times;
			}
			catch (SQLException ex) {
				throw new IllegalStateException("could not read the deductions: " + ex.getMessage(), ex);
			}
		}

	}

}
