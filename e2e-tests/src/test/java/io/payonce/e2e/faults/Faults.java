package io.payonce.e2e.faults;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import io.payonce.contract.PaySuccess;
import io.payonce.e2e.support.Actuator;
import io.payonce.infra.FaultLinks;
import io.payonce.infra.FaultProxy;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.ManagedNode;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import static org.awaitility.Awaitility.await;

/**
 * The faults injected while a scenario's load runs, shared by the fault suite and the soak. Each one breaks
 * something, PROVES that it broke (recorded with {@link ScenarioRunner.Running#prove}: a PID that exited 137 and a
 * new one, a link that held or cut connections, a health that went DOWN, partitions that moved, 503s while the
 * database was away), ends the fault ({@link ScenarioRunner.Running#healed()}) and leaves recovery to the
 * services: nothing here restarts a running process.
 */
final class Faults {

	/** A load fault: injected once the scenario's load is running. */
	@FunctionalInterface
	interface Fault {

		void inject(FaultBench bench, ScenarioRunner.Running run);

	}

	/** Longer than the consumer's Redis timeout (1 s), shorter than its lease (60 s). */
	static final Duration REDIS_PARTITION = Duration.ofSeconds(8);

	/** Longer than the consumers' session timeout (6 s): the broker evicts them. */
	static final Duration KAFKA_PARTITION = FaultBench.CONSUMER_SESSION_TIMEOUT.plusSeconds(4);

	/**
	 * Longer than the platform's request timeout (10 s, the callback client's), the consumers' max.poll.interval.ms
	 * (10 s) and the relay's reconnect interval (5 s). The gateway's 2 s connection timeout does not apply: its
	 * pooled connections are open, their statements just get no answer.
	 */
	static final Duration MARIADB_PARTITION = Duration.ofSeconds(12);

	/** Longer than the consumers' max.poll.interval.ms (10 s): a consumer stuck in a lock wait loses its group. */
	static final Duration LOCK_HOLD = FaultBench.CONSUMER_MAX_POLL_INTERVAL.plusSeconds(5);

	static final Duration LATENCY = Duration.ofMillis(30);

	private Faults() {
	}

	// ---- processes ----------------------------------------------------------------------------------------------

	/** kill -9 of the consumer instance that holds the most partitions; the supervisor restarts it. */
	static void killConsumer(FaultBench bench, ScenarioRunner.Running run) {
		ServiceProcess victim = busiestConsumer(bench);
		run.prove(bench.kill(victim));
		run.healed();
	}

	static void killRelay(FaultBench bench, ScenarioRunner.Running run) {
		run.prove(bench.kill(bench.service(FaultBench.RELAY)));
		run.healed();
	}

	/**
	 * A consumer dies right after the database commit of its poll and before the offset commit: a payment whose
	 * orderNo carries the crash marker is sent, the consumer that deducts it halts (the crash hook, exit 137) and
	 * is restarted by the supervisor; the poll is delivered again and recognised as duplicates.
	 */
	static void crashAfterCommit(FaultBench bench, ScenarioRunner.Running run) {
		Scope scope = run.scope;
		long userId = scope.lastUser();
		PayCallback marker = PayCallback.success("PAY-" + scope.prefix().substring(4) + FaultBench.CRASH_MARKER,
				scope.prefix() + FaultBench.CRASH_MARKER, userId, ScenarioRunner.AMOUNT,
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
		bench.seeder().openAccounts(scope, List.of(userId), ScenarioRunner.OPENING_BALANCE);
		bench.seeder().placeOrder(marker);
		Map<String, Long> pids = bench.consumers().stream()
			.collect(Collectors.toMap(ServiceProcess::service, ServiceProcess::pid));
		bench.consumers().forEach(consumer -> bench.metrics().scrape(List.of(consumer)));
		bench.expectExit(name -> name.startsWith(FaultBench.CONSUMER));
		CallbackResponse answer = bench.callbacks().send(marker);
		run.counted(1, 1, 0);
		if (answer.status() == 200) {
			scope.answered200(marker.payNo(), marker.orderNo(), answer.body());
		}
		// the exit, read at once: the group's offsets as the dead consumer left them
		ServiceProcess[] crashed = new ServiceProcess[1];
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50)).until(() -> {
			for (ServiceProcess consumer : bench.consumers()) {
				if (consumer.lastExit().filter(exit -> exit.pid() == pids.getOrDefault(consumer.service(), -1L))
					.isPresent()) {
					crashed[0] = consumer;
					return true;
				}
			}
			return false;
		});
		Map<Integer, Long> committedAtCrash = bench.group().committed();
		ServiceProcess consumer = crashed[0];
		ManagedNode.Exit exit = consumer.lastExit().orElseThrow();
		ConsumerRecord<String, byte[]> record = awaitRecord(bench, scope, marker.orderNo());
		long committed = committedAtCrash.getOrDefault(record.partition(), -1L);
		int deductions = bench.invariants().deductedOrders(marker.orderNo()).size();
		run.prove(exit.status() == 137 && deductions == 1 && committed <= record.offset(),
				consumer.service() + " PID " + exit.pid() + " halted with " + exit.status()
						+ " by the crash hook right after the commit that deducted " + marker.orderNo()
						+ " (pay.success-" + record.partition() + "@" + record.offset() + ", deducted " + deductions
						+ "x); the group's committed offset of that partition at the exit: " + committed);
		bench.awaitRestarted(consumer, exit.pid());
		run.prove(consumer.pid() != exit.pid(), "restarted by the supervisor as PID " + consumer.pid());
		run.healed();
		// the poll it died in comes again (to the other instance or to itself) and is recognised
		awaitUntilScraped(bench, Duration.ofMinutes(2), () -> bench.metrics().outcome("DUPLICATE") >= 1);
		run.prove(bench.metrics().outcome("DUPLICATE") >= 1,
				"redelivered after the crash: consumer DUPLICATE " + bench.metrics().counted());
	}

	/**
	 * SIGSTOP of the busiest consumer for longer than its session timeout and max.poll.interval.ms (proven from its
	 * own log), its partitions proven to move to the other instance, SIGCONT, its rejoining proven.
	 */
	static void zombie(FaultBench bench, ScenarioRunner.Running run) {
		ServiceProcess zombie = busiestConsumer(bench);
		String pollInterval = "max.poll.interval.ms = " + FaultBench.CONSUMER_MAX_POLL_INTERVAL.toMillis();
		String session = "session.timeout.ms = " + FaultBench.CONSUMER_SESSION_TIMEOUT.toMillis();
		long configured = FaultBench.logLines(zombie, pollInterval);
		long anyPollInterval = FaultBench.logLines(zombie, "max.poll.interval.ms = ");
		long configuredSession = FaultBench.logLines(zombie, session);
		long anySession = FaultBench.logLines(zombie, "session.timeout.ms = ");
		run.prove(configured > 0 && configured == anyPollInterval && configuredSession > 0
				&& configuredSession == anySession, zombie.service() + " runs with " + pollInterval + " and " + session
						+ " (its ConsumerConfig log: " + configured + "/" + anyPollInterval + " and " + configuredSession
						+ "/" + anySession + " lines)");
		Map<String, Set<Integer>> before = bench.group().assignment();
		bench.metrics().scrape(List.of(zombie));
		int deductedAtPause = bench.invariants().deductionCount(run.scope.prefix());
		zombie.pause();
		long pausedAt = System.nanoTime();
		try {
			java.util.concurrent.atomic.AtomicReference<Map<String, Set<Integer>>> moved = new java.util.concurrent.atomic.AtomicReference<>();
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> {
				Map<String, Set<Integer>> now = bench.group().assignment();
				moved.set(now);
				return !now.containsKey(zombie.service())
						&& now.values().stream().mapToInt(Set::size).sum() == partitions(bench);
			});
			double movedAfter = ScenarioRunner.secondsSince(pausedAt);
			Duration beyond = FaultBench.CONSUMER_MAX_POLL_INTERVAL.plusSeconds(2);
			// the fault's duration: stopped past both timeouts
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> System.nanoTime() - pausedAt > beyond.toNanos());
			run.prove(true, "SIGSTOP of " + zombie.service() + " for " + ScenarioRunner.secondsSince(pausedAt)
					+ " s; group before " + before + ", after " + movedAfter + " s " + moved.get() + "; deducted meanwhile "
					+ (bench.invariants().deductionCount(run.scope.prefix()) - deductedAtPause));
		}
		finally {
			zombie.resume();
		}
		run.healed();
		long resumedAt = System.nanoTime();
		ScenarioRunner.awaitUntil(FaultBench.RECOVERY_TIMEOUT,
				() -> bench.group().assignment().containsKey(zombie.service()));
		run.prove(true, "SIGCONT; " + zombie.service() + " back in the group after "
				+ ScenarioRunner.secondsSince(resumedAt) + " s: " + bench.group().assignment());
	}

	/**
	 * A consumer instance started while the load runs (its listener threads join the group: a rebalance; with
	 * more threads than partitions the range assignor may give it none), then the first instance stopped
	 * (SIGTERM): its partitions move to the others.
	 */
	static void rebalance(FaultBench bench, ScenarioRunner.Running run) {
		Map<String, Set<Integer>> before = bench.group().assignment();
		ServiceProcess added = bench.addConsumer();
		ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> bench.group().assignment().containsKey(added.service()));
		Map<String, Set<Integer>> joined = bench.group().assignment();
		run.prove(run.load == null || !run.load.finished(), added.service() + " joined the group while the load ran: "
				+ before + " → " + joined);
		ServiceProcess removed = bench.consumers().get(0);
		Set<Integer> held = joined.getOrDefault(removed.service(), Set.of());
		bench.removeConsumer(removed);
		ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> {
			Map<String, Set<Integer>> now = bench.group().assignment();
			return !now.containsKey(removed.service())
					&& now.values().stream().mapToInt(Set::size).sum() == partitions(bench);
		});
		Map<String, Set<Integer>> after = bench.group().assignment();
		run.prove(!held.isEmpty() && !after.containsKey(removed.service()),
				removed.service() + " stopped (SIGTERM, exit " + removed.lastExit().map(ManagedNode.Exit::status)
					.orElse(-1) + "): its partitions " + held + " moved, group " + after);
		run.healed();
	}

	// ---- nodes --------------------------------------------------------------------------------------------------

	/** The broker stopped (SIGTERM) or killed (SIGKILL) and started again. */
	static void restartKafka(FaultBench bench, ScenarioRunner.Running run, boolean kill) {
		restart(bench, run, bench.stack().kafka(), "Kafka", kill);
		run.healed();
	}

	/** MariaDB stopped or killed and started again; the gateway must have answered 503 meanwhile. */
	static void restartMariaDb(FaultBench bench, ScenarioRunner.Running run, boolean kill) {
		long down = System.nanoTime();
		restart(bench, run, bench.stack().mariaDb(), "MariaDB", kill);
		long up = System.nanoTime();
		run.healed();
		long unavailable = run.load.answersBetween(503, down, up);
		run.prove(unavailable > 0, unavailable + " callbacks answered 503 while MariaDB was down");
	}

	private static void restart(FaultBench bench, ScenarioRunner.Running run, ManagedNode node, String name,
			boolean kill) {
		long pid = node.pid();
		if (kill) {
			node.kill();
		}
		else {
			node.stop();
		}
		ManagedNode.Exit exit = node.lastExit().orElse(new ManagedNode.Exit(pid, -1));
		long since = System.nanoTime();
		node.start();
		run.prove(exit.pid() == pid && node.pid() != pid && (!kill || exit.killed()),
				name + " PID " + pid + (kill ? " killed (SIGKILL), exit " : " stopped (SIGTERM), exit ") + exit.status()
						+ ", started again as PID " + node.pid() + " in " + ScenarioRunner.secondsSince(since) + " s");
	}

	// ---- Redis --------------------------------------------------------------------------------------------------

	/** FLUSHALL mid-load, again once all is deducted, then every record of the scope redelivered. */
	static void flushRedis(FaultBench bench, ScenarioRunner.Running run) {
		int keys = bench.redis().guardEntries(run.scope.prefix()).size();
		bench.redis().ok("FLUSHALL");
		run.prove(keys > 0 && bench.redis().guardEntries(run.scope.prefix()).isEmpty(),
				"FLUSHALL mid-load removed the " + keys + " guard keys of the scope");
		run.awaitLoadFinished();
		awaitAllDeducted(bench, run);
		bench.redis().ok("FLUSHALL");
		List<ConsumerRecord<String, byte[]>> delivered = bench.paySuccessRecords(run.scope);
		long below = duplicatesBelowRedis(bench);
		bench.redeliver(delivered);
		awaitUntilScraped(bench, Duration.ofMinutes(2), () -> duplicatesBelowRedis(bench) >= below + delivered.size());
		run.prove(duplicatesBelowRedis(bench) >= below + delivered.size(), "FLUSHALL again and " + delivered.size()
				+ " records redelivered: absorbed below Redis " + bench.metrics().counted());
		run.healed();
	}

	/**
	 * Redis restarted with stale data: at 40 % of the load PROCESSING claims of a dead owner are written for the
	 * payments not sent yet and Redis snapshots (SAVE); once all is deducted Redis is killed and starts from that
	 * snapshot (DONE keys written since missing, the dead owner's claims present); every record is redelivered.
	 */
	static void staleRedis(FaultBench bench, ScenarioRunner.Running run) {
		List<PayCallback> payments = run.loadPayments;
		int sent = run.load.dispatched.get();
		List<PayCallback> unsent = payments.subList(Math.min(payments.size(), sent + 20), payments.size());
		for (PayCallback payment : unsent) {
			PaySuccess event = new PaySuccess(payment.payNo(), payment.orderNo(), payment.userId(), payment.amount(),
					payment.currency(), payment.paidAt());
			bench.redis().ok("SET", RedisCommands.KEY_PREFIX + payment.orderNo(),
					"PROCESSING|" + event.fingerprint() + "|dead-owner-" + run.scope.prefix(), "PX", "600000");
		}
		bench.redis().ok("SAVE");
		Map<String, String> snapshot = bench.redis().guardEntries(run.scope.prefix());
		run.awaitLoadFinished();
		awaitAllDeducted(bench, run);
		int deducted = bench.invariants().deductionCount(run.scope.prefix());
		java.nio.file.Path dump = java.nio.file.Path.of(bench.redis().config("dir"), bench.redis().config("dbfilename"));
		try {
			restart(bench, run, bench.stack().redis(), "Redis", true);
			Map<String, String> after = bench.redis().guardEntries(run.scope.prefix());
			long processing = after.values().stream()
				.filter(value -> value.startsWith("PROCESSING|") && value.contains("|dead-owner-"))
				.count();
			long done = after.values().stream().filter(value -> value.startsWith("DONE|")).count();
			run.prove(processing == unsent.size() && processing > 0 && done < deducted,
					"snapshot at " + sent + "/" + payments.size() + " sent held " + snapshot.size() + " keys; after the "
							+ "restart: " + processing + " PROCESSING claims of a dead owner, " + done + " DONE for "
							+ deducted + " deducted orders (" + (deducted - done) + " DONE keys missing)");
		}
		finally {
			try {
				java.nio.file.Files.deleteIfExists(dump);
			}
			catch (java.io.IOException ex) {
				run.note("could not delete " + dump + ": " + ex.getMessage());
			}
		}
		run.healed();
		List<ConsumerRecord<String, byte[]>> delivered = bench.paySuccessRecords(run.scope);
		long duplicates = bench.metrics().outcome("DUPLICATE");
		bench.redeliver(delivered);
		awaitUntilScraped(bench, Duration.ofMinutes(2),
				() -> bench.metrics().outcome("DUPLICATE") >= duplicates + delivered.size());
		run.prove(bench.metrics().outcome("DUPLICATE") >= duplicates + delivered.size(),
				delivered.size() + " records redelivered onto the stale Redis, all absorbed: " + bench.metrics().counted());
	}

	// ---- the network --------------------------------------------------------------------------------------------

	/** Every link of the running services slowed down by {@link #LATENCY} per chunk for three seconds. */
	static void latency(FaultBench bench, ScenarioRunner.Running run) {
		List<FaultProxy> links = activeLinks(bench);
		Map<String, FaultProxy.Stats> before = stats(links);
		links.forEach(link -> link.latency(LATENCY));
		long since = System.nanoTime();
		ScenarioRunner.awaitUntil(Duration.ofSeconds(30), () -> System.nanoTime() - since > TimeUnit.SECONDS.toNanos(3)
				&& links.stream().allMatch(link -> link.stats().since(before.get(link.name())).delayedChunks() > 0));
		links.forEach(FaultProxy::heal);
		run.healed();
		Map<String, Long> delayed = new LinkedHashMap<>();
		links.forEach(link -> delayed.put(link.name(), link.stats().since(before.get(link.name())).delayedChunks()));
		run.prove(delayed.values().stream().allMatch(count -> count > 0),
				"+" + LATENCY.toMillis() + " ms per chunk on every link for " + ScenarioRunner.secondsSince(since)
						+ " s, chunks delayed " + delayed);
	}

	/** Every open connection of every link reset at once; each link must see its service connect again. */
	static void cutConnections(FaultBench bench, ScenarioRunner.Running run) {
		List<FaultProxy> links = activeLinks(bench);
		Map<String, FaultProxy.Stats> before = stats(links);
		Map<String, Integer> cut = new LinkedHashMap<>();
		links.forEach(link -> cut.put(link.name(), link.cutConnections()));
		run.healed();
		ScenarioRunner.awaitUntil(FaultBench.RECOVERY_TIMEOUT,
				() -> links.stream().allMatch(link -> link.stats().since(before.get(link.name())).accepted() > 0));
		Map<String, Long> reconnected = new LinkedHashMap<>();
		links.forEach(link -> reconnected.put(link.name(), link.stats().since(before.get(link.name())).accepted()));
		run.prove(cut.values().stream().allMatch(count -> count > 0)
				&& reconnected.values().stream().allMatch(count -> count > 0),
				"connections reset (RST both ways) " + cut + "; new connections since " + reconnected);
	}

	/** The consumers' link to Redis partitioned past the Redis timeout: their health must go DOWN (CLOSED). */
	static void partitionRedis(FaultBench bench, ScenarioRunner.Running run) {
		FaultProxy link = link(bench, FaultBench.CONSUMER, FaultLinks.Store.REDIS);
		FaultProxy.Stats before = link.stats();
		AtomicBoolean allDown = new AtomicBoolean();
		link.partition();
		long since = System.nanoTime();
		try {
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> {
				if (bench.consumers().stream().allMatch(consumer -> Actuator.health(consumer).down())) {
					allDown.set(true);
				}
				return allDown.get() && System.nanoTime() - since > REDIS_PARTITION.toNanos();
			});
		}
		finally {
			link.heal();
		}
		run.healed();
		FaultProxy.Stats held = link.stats().since(before);
		run.prove(allDown.get() && held.heldChunks() + held.heldConnections() > 0,
				link.name() + " partitioned " + ScenarioRunner.secondsSince(since) + " s (held " + held.heldChunks()
						+ " chunks, " + held.heldConnections() + " new connections); every consumer's health DOWN meanwhile");
	}

	/** The consumers' link to Kafka partitioned past their session timeout: the broker must evict them. */
	static void partitionKafka(FaultBench bench, ScenarioRunner.Running run) {
		FaultProxy link = link(bench, FaultBench.CONSUMER, FaultLinks.Store.KAFKA);
		FaultProxy.Stats before = link.stats();
		Map<String, Set<Integer>> group = bench.group().assignment();
		AtomicBoolean evicted = new AtomicBoolean();
		link.partition();
		long since = System.nanoTime();
		try {
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> {
				if (bench.group().assignment().isEmpty()) {
					evicted.set(true);
				}
				return evicted.get() && System.nanoTime() - since > KAFKA_PARTITION.toNanos();
			});
		}
		finally {
			link.heal();
		}
		run.healed();
		double evictedAfter = ScenarioRunner.secondsSince(since);
		long healedAt = System.nanoTime();
		ScenarioRunner.awaitUntil(FaultBench.RECOVERY_TIMEOUT, () -> bench.group().assignment().values().stream()
			.mapToInt(Set::size).sum() == partitions(bench));
		FaultProxy.Stats held = link.stats().since(before);
		run.prove(evicted.get() && held.heldChunks() + held.heldConnections() > 0,
				link.name() + " partitioned " + evictedAfter + " s (held " + held.heldChunks() + " chunks): group "
						+ group + " → no member (evicted after the " + FaultBench.CONSUMER_SESSION_TIMEOUT.toSeconds()
						+ " s session timeout) → " + bench.group().assignment() + " "
						+ ScenarioRunner.secondsSince(healedAt) + " s after the heal");
	}

	/**
	 * Every link to MariaDB partitioned past the platform's request timeout: callbacks in flight get no answer
	 * in time (or a 503) and are retried by the platform; the held statements complete after the heal.
	 */
	static void partitionMariaDb(FaultBench bench, ScenarioRunner.Running run) {
		List<FaultProxy> links = bench.links().to(FaultLinks.Store.MARIADB).stream()
			.filter(link -> running(bench, link))
			.toList();
		Map<String, FaultProxy.Stats> before = stats(links);
		links.forEach(FaultProxy::partition);
		long since = System.nanoTime();
		try {
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> System.nanoTime() - since > MARIADB_PARTITION.toNanos());
		}
		finally {
			links.forEach(FaultProxy::heal);
		}
		long until = System.nanoTime();
		run.healed();
		long slack = TimeUnit.SECONDS.toNanos(2);
		long unavailable = run.load.answersBetween(503, since, until + slack);
		long timedOut = run.load.answersBetween(LoadGenerator.TIMED_OUT, since, until + slack);
		Map<String, Long> held = new LinkedHashMap<>();
		links.forEach(link -> {
			FaultProxy.Stats stats = link.stats().since(before.get(link.name()));
			held.put(link.name(), stats.heldChunks() + stats.heldConnections());
		});
		run.prove(unavailable + timedOut > 0 && held.values().stream().allMatch(count -> count > 0),
				"every link to MariaDB partitioned " + ScenarioRunner.secondsSince(since) + " s, held " + held + "; "
						+ timedOut + " callbacks unanswered within the platform's 10 s timeout and " + unavailable
						+ " answered 503 meanwhile, all retried by the platform");
	}

	// ---- the database -------------------------------------------------------------------------------------------

	/**
	 * A slow database: the scope's accounts locked (SELECT … FOR UPDATE in a transaction of the test) for
	 * {@link #LOCK_HOLD}, past the consumers' max.poll.interval.ms: a consumer waiting on such a row loses its
	 * group; once the lock is released the waiting transactions finish and their polls are delivered again.
	 */
	static void slowDatabase(FaultBench bench, ScenarioRunner.Running run) {
		Map<String, Long> before = bench.dbStatus("Innodb_row_lock_waits");
		long expiredBefore = pollTimeoutsExpired(bench);
		int maxWaiting = 0;
		long since;
		try (Connection locker = java.sql.DriverManager.getConnection(
				bench.stack().mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
				LocalDatabase.TRADE.password());
				PreparedStatement lock = locker.prepareStatement(
						"SELECT user_id FROM t_account WHERE user_id BETWEEN ? AND ? FOR UPDATE")) {
			locker.setAutoCommit(false);
			lock.setLong(1, run.scope.firstUser());
			lock.setLong(2, run.scope.lastUser());
			lock.executeQuery().close();
			since = System.nanoTime();
			while (System.nanoTime() - since < LOCK_HOLD.toNanos()) {
				maxWaiting = Math.max(maxWaiting, bench.lockWaitsNow());
				// sampling the lock waits while the fault lasts
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
			}
			locker.rollback();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("could not hold the account locks: " + ex.getMessage(), ex);
		}
		run.healed();
		double held = ScenarioRunner.secondsSince(since);
		long waits = bench.dbStatus("Innodb_row_lock_waits").get("Innodb_row_lock_waits")
				- before.get("Innodb_row_lock_waits");
		ScenarioRunner.awaitUntil(Duration.ofSeconds(30), () -> pollTimeoutsExpired(bench) > expiredBefore);
		long expired = pollTimeoutsExpired(bench) - expiredBefore;
		run.prove(maxWaiting > 0 && waits > 0 && expired > 0,
				"the scope's accounts locked " + held + " s: up to " + maxWaiting + " transactions waiting at once, "
						+ waits + " row lock waits; the consumers logged 'consumer poll timeout has expired' " + expired
						+ " times (max.poll.interval.ms " + FaultBench.CONSUMER_MAX_POLL_INTERVAL.toMillis() + ")");
	}

	private static long pollTimeoutsExpired(FaultBench bench) {
		return bench.consumers().stream()
			.mapToLong(consumer -> FaultBench.logLines(consumer, "consumer poll timeout has expired"))
			.sum();
	}

	// ---- helpers ------------------------------------------------------------------------------------------------

	static ServiceProcess busiestConsumer(FaultBench bench) {
		Map<String, Set<Integer>> assignment = bench.group().assignment();
		return bench.consumers().stream()
			.max(Comparator.comparingInt(consumer -> assignment.getOrDefault(consumer.service(), Set.of()).size()))
			.orElseThrow();
	}

	static int partitions(FaultBench bench) {
		return bench.stack().config().partitions();
	}

	private static FaultProxy link(FaultBench bench, String service, FaultLinks.Store store) {
		return bench.links().link(service, store).orElseThrow();
	}

	/** The links of the services this bench runs (a stack's links exist for every service). */
	static List<FaultProxy> activeLinks(FaultBench bench) {
		return bench.links().all().stream().filter(link -> running(bench, link)).toList();
	}

	private static boolean running(FaultBench bench, FaultProxy link) {
		String service = link.name().substring(0, link.name().indexOf('→'));
		return bench.services().stream().anyMatch(process -> process.service().startsWith(service));
	}

	private static Map<String, FaultProxy.Stats> stats(List<FaultProxy> links) {
		Map<String, FaultProxy.Stats> stats = new LinkedHashMap<>();
		links.forEach(link -> stats.put(link.name(), link.stats()));
		return stats;
	}

	static void awaitAllDeducted(FaultBench bench, ScenarioRunner.Running run) {
		ScenarioRunner.awaitUntil(Duration.ofMinutes(3),
				() -> bench.invariants().deductionCount(run.scope.prefix()) >= run.scope.answered2xx().size());
	}

	static ConsumerRecord<String, byte[]> awaitRecord(FaultBench bench, Scope scope, String orderNo) {
		List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> {
			found.clear();
			bench.paySuccessRecords(scope).stream().filter(record -> orderNo.equals(record.key())).forEach(found::add);
			return !found.isEmpty();
		});
		return found.get(0);
	}

	/** Scrapes the consumers' counters while waiting for a condition on them. */
	static void awaitUntilScraped(FaultBench bench, Duration atMost, java.util.function.BooleanSupplier condition) {
		try {
			ScenarioRunner.awaitUntil(atMost, () -> {
				bench.metrics().scrape(bench.consumers());
				return condition.getAsBoolean();
			});
		}
		catch (org.awaitility.core.ConditionTimeoutException ex) {
			// the caller's proof records what was reached
		}
	}

	private static long duplicatesBelowRedis(FaultBench bench) {
		return bench.metrics().counted().entrySet().stream()
			.filter(entry -> entry.getKey().startsWith("DUPLICATE/state")
					|| entry.getKey().startsWith("DUPLICATE/unique_index"))
			.mapToLong(Map.Entry::getValue)
			.sum();
	}

}
