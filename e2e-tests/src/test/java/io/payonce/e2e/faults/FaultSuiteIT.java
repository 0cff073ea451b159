package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import io.payonce.contract.PayonceHeaders;
import io.payonce.e2e.support.Actuator;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ManagedNode;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fault suite, black box: the gateway, the relay, two deduct-consumer instances and the dlt-handler run as
 * separate processes against the real local stack, every service behind its own fault proxies; one stack and one
 * set of processes serve every scenario. Each scenario proves that its fault happened, lets the services recover
 * by themselves (a supervisor restarts only a process that exited), and after it the invariants I1–I6 are checked,
 * each over a non-empty set of the scenario's own rows. The report goes to {@code payonce.fault-report.dir}
 * ({@code fault-suite.{md,json}}, with the commit it ran on).
 *
 * <p>
 * Load: the scenarios "under load" send {@code payonce.faults.payments} (default 520) payments each at a steady
 * {@code payonce.faults.rate} (default 160/s), 30 % of them called back twice, while the fault is injected; the suite
 * carries over 10,000 payments and over 20 % duplicate callbacks, asserted unconditionally at the end.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultSuiteIT {

	private static FaultBench bench;

	private static FaultReport report;

	private static ScenarioRunner runner;

	@BeforeAll
	static void startPipeline() {
		bench = FaultBench.start(LocalStack.shared());
		report = new FaultReport(FaultReport.defaultDirectory(), "fault-suite",
				"PayOnce fault suite (" + java.time.Instant.now() + ")");
		runner = new ScenarioRunner(bench, report);
		report.setting("paymentsPerLoadScenario", runner.paymentsPerScenario);
		report.setting("rate", runner.rate + " payments/s, 30 % called back twice");
		report.setting("recoveryTimeout", FaultBench.RECOVERY_TIMEOUT.toSeconds() + " s");
	}

	@AfterAll
	static void stopPipeline() {
		if (bench != null) {
			bench.close();
		}
	}

	@Test
	@Order(1)
	void theIncidentReplayedARedeliveredPaymentIsDeductedOnce() {
		// given the incident: payments deducted, then delivered again by the broker (the consumer had failed
		// after the deduction, before its acknowledgement) — here every record of the scope, twice
		ScenarioRunner.Running run = runner.begin("incident replayed",
				"every deducted pay.success record redelivered twice (the broker's redelivery of the incident)");
		run.startLoad(500);
		run.awaitLoadFinished();
		Faults.awaitAllDeducted(bench, run);
		List<ConsumerRecord<String, byte[]>> delivered = bench.paySuccessRecords(run.scope);
		long before = bench.metrics().outcome("DUPLICATE");

		// when
		bench.redeliver(delivered);
		bench.redeliver(delivered);

		// then every redelivery is absorbed by a guard, none deducts
		Faults.awaitUntilScraped(bench, Duration.ofMinutes(2),
				() -> bench.metrics().outcome("DUPLICATE") >= before + 2L * delivered.size());
		run.prove(bench.metrics().outcome("DUPLICATE") >= before + 2L * delivered.size(), 2 * delivered.size()
				+ " records redelivered, consumer DUPLICATE +" + (bench.metrics().outcome("DUPLICATE") - before));
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(delivered).hasSize(500);
		assertThat(scenario.deducted()).isEqualTo(500);
		assertThat(TradeLedger.of(bench.stack().mariaDb()).balance(run.scope.firstUser()))
			.hasValueSatisfying(balance -> assertThat(balance).isEqualByComparingTo("75.00"));
	}

	@Test
	@Order(2)
	void fiftyConcurrentDuplicateCallbacksDeductOnce() throws Exception {
		ScenarioRunner.Running run = runner.begin("50 concurrent duplicate callbacks",
				"the same signed callback 50 times at once");
		PayCallback callback = aPayableOrder(run);

		// when 50 threads send it at the same moment
		List<CallbackResponse> answers = sendAtOnce(callback, 50);
		answers.stream().filter(answer -> answer.status() == 200)
			.forEach(answer -> run.scope.answered200(callback.payNo(), callback.orderNo(), answer.body()));
		run.counted(1, 50, 49);

		// then one is accepted, 49 are absorbed, one event, one deduction
		long duplicates = answers.stream().filter(answer -> answer.body().contains("DUPLICATE")).count();
		run.prove(duplicates == 49 && bench.invariants().gatewayDuplicates(run.scope.prefix()) == 49,
				"50 simultaneous callbacks: " + duplicates + " answered DUPLICATE, t_payment.duplicate_count "
						+ bench.invariants().gatewayDuplicates(run.scope.prefix()));
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).as(answer.toString()).isEqualTo(200));
		assertThat(answers).filteredOn(answer -> answer.body().contains("ACCEPTED")).hasSize(1);
		assertThat(scenario.deducted()).isEqualTo(1);
		assertThat(bench.paySuccessRecords(run.scope)).hasSize(1);
	}

	@Test
	@Order(3)
	void aConsumerThatDiesBetweenItsDatabaseCommitAndItsOffsetCommitDeductsNothingTwice() {
		// deterministic: the crash hook halts the consumer right after the commit that deducted the marker payment
		FaultReport.Scenario scenario = underLoad("consumer dies after its DB commit, before its offset commit",
				"the crash hook halts (exit 137) the consumer right after the transaction that deducted a marked "
						+ "payment committed, before the offset commit; the supervisor restarts it",
				0.4, Faults::crashAfterCommit);
		assertThat(scenario.deducted()).isEqualTo(runner.paymentsPerScenario + 1);
	}

	@Test
	@Order(4)
	void aConsumerKilledMidStreamLosesAndDoublesNothing() {
		underLoad("consumer kill -9 mid-stream", "kill -9 of the busiest consumer instance at 70 % of the load", 0.7,
				Faults::killConsumer);
	}

	@Test
	@Order(5)
	void aZombieConsumerThatWakesUpAfterItsGroupMovedOnDeductsNothingTwice() {
		underLoad("consumer SIGSTOP beyond its timeouts (zombie)",
				"SIGSTOP of the busiest of two consumer instances for longer than session.timeout.ms ("
						+ FaultBench.CONSUMER_SESSION_TIMEOUT.toSeconds() + " s) and max.poll.interval.ms ("
						+ FaultBench.CONSUMER_MAX_POLL_INTERVAL.toSeconds() + " s), the other takes over, SIGCONT",
				0.3, Faults::zombie);
	}

	@Test
	@Order(6)
	void aConsumerAddedAndOneRemovedUnderLoadRebalanceWithoutLossOrDoubleDeduction() {
		ScenarioRunner.Running run = runner.begin("consumer added and removed under load (rebalance)",
				"a consumer instance started while the load runs (it joins the group), then the first instance "
						+ "stopped (SIGTERM): partitions move twice under load");
		List<PayCallback> payments = bench.seeder().payableOrders(run.scope, 2000, ScenarioRunner.OPENING_BALANCE,
				ScenarioRunner.AMOUNT);
		// slow enough to still run when the new JVM has started and joined; stopped once both moves are proven
		run.startLoad(payments, 20, bench.callbacks(), payment -> {
		});
		awaitDeductionsInProgress(run);
		Faults.rebalance(bench, run);
		run.load.stop();
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(scenario.payments());
	}

	@Test
	@Order(7)
	void theRelayKilledMidStreamLosesNoEventAndDoublesNoDeduction() {
		underLoad("relay kill -9 mid-stream", "kill -9 of the outbox-relay at 40 % of the load", 0.4,
				Faults::killRelay);
	}

	@Test
	@Order(8)
	void theKafkaBrokerRestartedUnderLoadLosesAndDoublesNothing() {
		underLoad("Kafka broker restarted under load", "the only Kafka broker stopped (SIGTERM) at 40 % and started",
				0.4, (bench, run) -> Faults.restartKafka(bench, run, false));
	}

	@Test
	@Order(9)
	void theKafkaBrokerKilledUnderLoadLosesAndDoublesNothing() {
		underLoad("Kafka broker kill -9 under load", "kill -9 of the only Kafka broker at 40 % of the load, started",
				0.4, (bench, run) -> Faults.restartKafka(bench, run, true));
	}

	@Test
	@Order(10)
	void mariaDbRestartedUnderLoadLosesAndDoublesNothing() {
		underLoad("MariaDB restarted under load",
				"MariaDB (both schemas, the binlog) stopped (SIGTERM) at 40 % and started; callbacks meanwhile get 503 "
						+ "and are retried by the sender",
				0.4, (bench, run) -> Faults.restartMariaDb(bench, run, false));
	}

	@Test
	@Order(11)
	void mariaDbKilledUnderLoadLosesAndDoublesNothing() {
		underLoad("MariaDB kill -9 under load",
				"kill -9 of MariaDB at 40 % of the load (crash recovery at start); callbacks meanwhile get 503",
				0.4, (bench, run) -> Faults.restartMariaDb(bench, run, true));
	}

	@Test
	@Order(12)
	void whileRedisIsDownNothingIsDeductedAndAfterwardsEverythingOnce() {
		ScenarioRunner.Running run = runner.begin("Redis stopped (fail closed)",
				"Redis stopped before the load; started again once the events were on pay.success");
		ManagedNode redis = bench.stack().redis();
		long pid = redis.pid();
		redis.stop();
		run.startLoad(runner.paymentsPerScenario);
		run.awaitLoadFinished();
		int payments = runner.paymentsPerScenario;

		// then the events arrive, but with the CLOSED policy nothing is deducted and every consumer is DOWN
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> bench.paySuccessRecords(run.scope).size() >= payments);
		org.awaitility.Awaitility.await().during(Duration.ofSeconds(6)).atMost(Duration.ofSeconds(30))
			.until(() -> bench.invariants().deductionCount(run.scope.prefix()) == 0);
		List<String> health = bench.consumers().stream().map(c -> c.service() + " " + Actuator.health(c)).toList();
		boolean allDown = bench.consumers().stream().allMatch(consumer -> Actuator.health(consumer).down());
		int deductedWhileDown = bench.invariants().deductionCount(run.scope.prefix());

		// when Redis is back, everything is deducted once
		redis.start();
		run.healed();
		run.prove(allDown && deductedWhileDown == 0 && redis.lastExit().map(ManagedNode.Exit::pid).orElse(-1L) == pid
				&& redis.pid() != pid, "Redis PID " + pid + " stopped, " + payments + " events on pay.success, "
						+ deductedWhileDown + " deducted, health " + health + "; started again as PID " + redis.pid());
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(payments);
	}

	@Test
	@Order(13)
	void redisFlushedUnderLoadLeavesTheDatabaseGuardsToAbsorbRedeliveries() {
		FaultReport.Scenario scenario = underLoad("Redis flushed under load",
				"FLUSHALL at 50 % of the load, then again once all is deducted, and every record of the scope "
						+ "redelivered: the state machine and the unique index must absorb what Redis forgot",
				0.5, Faults::flushRedis);
		assertThat(scenario.consumerDeliveries().keySet()).as("absorbed below Redis")
			.anyMatch(series -> series.startsWith("DUPLICATE/state") || series.startsWith("DUPLICATE/unique_index"));
	}

	@Test
	@Order(14)
	void redisRestartedWithStaleDataLetsTheDatabaseDecide() {
		ScenarioRunner.Running run = runner.begin("Redis restarted with stale data",
				"PROCESSING claims of a dead owner written and Redis snapshotted at 40 % of the load; once all is "
						+ "deducted Redis is killed and starts from that snapshot (DONE keys missing, the dead owner's "
						+ "claims present); every record redelivered");
		run.startLoad(runner.paymentsPerScenario);
		run.awaitLoad(0.4);
		Faults.staleRedis(bench, run);
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(runner.paymentsPerScenario);
	}

	@Test
	@Order(15)
	void latencyOnEveryLinkSlowsButNeitherLosesNorDoubles() {
		underLoad("network latency on every link",
				"+" + Faults.LATENCY.toMillis() + " ms per chunk, both ways, on every service-store link for 3 s", 0.2,
				Faults::latency);
	}

	@Test
	@Order(16)
	void everyConnectionDroppedAtOnceIsReconnectedWithoutLossOrDoubleDeduction() {
		underLoad("dropped connections on every link",
				"every open connection of every service-store link reset (RST) at 50 % of the load", 0.5,
				Faults::cutConnections);
	}

	@Test
	@Order(17)
	void aPartitionBetweenTheConsumersAndRedisStopsDeductionsUntilItHeals() {
		underLoad("partition consumer↔Redis",
				"the consumers' link to Redis partitioned for " + Faults.REDIS_PARTITION.toSeconds()
						+ " s (past the 1 s Redis timeout) at 30 % of the load",
				0.3, Faults::partitionRedis);
	}

	@Test
	@Order(18)
	void aPartitionBetweenTheConsumersAndKafkaEvictsThemAndTheyComeBack() {
		underLoad("partition consumer↔Kafka",
				"the consumers' link to Kafka partitioned for " + Faults.KAFKA_PARTITION.toSeconds()
						+ " s (past the " + FaultBench.CONSUMER_SESSION_TIMEOUT.toSeconds()
						+ " s session timeout) at 30 % of the load",
				0.3, Faults::partitionKafka);
	}

	@Test
	@Order(19)
	void aPartitionBetweenEveryServiceAndMariaDbAnswers503AndLosesNothing() {
		underLoad("partition services↔MariaDB",
				"every link to MariaDB (gateway, relay, consumers) partitioned for " + Faults.MARIADB_PARTITION.toSeconds()
						+ " s (past the platform's 10 s request timeout and the consumers' max.poll.interval.ms) at 30 %"
						+ " of the load",
				0.3, Faults::partitionMariaDb);
	}

	@Test
	@Order(20)
	void aSlowDatabaseWithLockWaitsPastThePollTimeoutDeductsOnce() {
		underLoad("slow database (lock waits past the timeouts)",
				"the scope's accounts locked FOR UPDATE by another transaction for " + Faults.LOCK_HOLD.toSeconds()
						+ " s, past the consumers' max.poll.interval.ms ("
						+ FaultBench.CONSUMER_MAX_POLL_INTERVAL.toSeconds() + " s)",
				0.3, Faults::slowDatabase);
	}

	@Test
	@Order(21)
	void ordersCreatedWhileTheirPaymentsArriveAreDeductedOnce() {
		ScenarioRunner.Running run = runner.begin("orders created while their payments arrive (gap locks)",
				"each order placed by the shop 0-400 ms after its payment is released: the consumer's locking reads "
						+ "of a missing order take gap locks the shop's insert waits on; missing ones go the retry way");
		int count = 300;
		List<PayCallback> payments = bench.seeder().payments(run.scope, count, ScenarioRunner.AMOUNT, false);
		bench.seeder().openAccounts(run.scope, payments.stream().map(PayCallback::userId).toList(),
				ScenarioRunner.OPENING_BALANCE);
		Map<String, Long> before = bench.dbStatus("Innodb_row_lock_waits", "Innodb_deadlocks");
		ScheduledExecutorService shop = Executors.newScheduledThreadPool(4);
		AtomicInteger late = new AtomicInteger();
		try {
			run.startLoad(payments, bench.callbacks(), payment -> shop.schedule(() -> {
				if (run.scope.answered().containsKey(payment.payNo())) {
					late.incrementAndGet();
				}
				bench.seeder().placeOrder(payment);
			}, ThreadLocalRandom.current().nextInt(400), TimeUnit.MILLISECONDS));
			run.awaitLoadFinished();
			shop.shutdown();
			assertThat(shop.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			shop.shutdownNow();
		}
		Faults.awaitUntilScraped(bench, Duration.ofMinutes(2),
				() -> bench.invariants().deductionCount(run.scope.prefix()) == count);
		Map<String, Long> after = bench.dbStatus("Innodb_row_lock_waits", "Innodb_deadlocks");
		long retried = bench.metrics().outcome("RETRY");
		run.prove(late.get() > 0 && retried > 0, count + " orders placed while their payments arrived, " + late
				+ " after the gateway had already accepted the payment; " + retried
				+ " deliveries found no order and went the retry way; row lock waits +"
				+ (after.get("Innodb_row_lock_waits") - before.get("Innodb_row_lock_waits")) + ", deadlocks +"
				+ (after.get("Innodb_deadlocks") - before.get("Innodb_deadlocks")));
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(count);
	}

	@Test
	@Order(22)
	void oneHotAccountPaidFromEveryPartitionAtOnceEndsWithTheRightBalance() {
		ScenarioRunner.Running run = runner.begin("one hot account paid from every partition at once",
				"300 orders of ONE account, their payments on every partition, deducted by every consumer thread "
						+ "at once (all contend for the account's row lock)");
		int count = 300;
		BigDecimal opening = ScenarioRunner.AMOUNT.multiply(BigDecimal.valueOf(count)).add(new BigDecimal("1000.00"));
		List<PayCallback> payments = bench.seeder().payments(run.scope, count, ScenarioRunner.AMOUNT, true);
		bench.seeder().openAccounts(run.scope, List.of(run.scope.firstUser()), opening);
		bench.seeder().placeOrders(payments);
		Map<String, Long> before = bench.dbStatus("Innodb_row_lock_waits");
		run.startLoad(payments, bench.callbacks(), payment -> {
		});
		run.awaitLoadFinished();
		Faults.awaitAllDeducted(bench, run);
		long waits = bench.dbStatus("Innodb_row_lock_waits").get("Innodb_row_lock_waits")
				- before.get("Innodb_row_lock_waits");
		Set<Integer> partitions = bench.paySuccessRecords(run.scope).stream().map(ConsumerRecord::partition)
			.collect(Collectors.toSet());
		run.prove(partitions.size() == Faults.partitions(bench) && waits > 0, "user " + run.scope.firstUser()
				+ " paid on partitions " + partitions + "; " + waits + " row lock waits meanwhile");
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(count);
		assertThat(TradeLedger.of(bench.stack().mariaDb()).balance(run.scope.firstUser()))
			.hasValueSatisfying(balance -> assertThat(balance).isEqualByComparingTo("1000.00"));
	}

	@Test
	@Order(23)
	void aPlatformClockAheadWithinTheToleranceIsAcceptedAndOneBeyondItRecordsNothing() {
		ScenarioRunner.Running run = runner.begin("clock skew of the platform against the gateway",
				"the platform's clock 250 s ahead (within the 300 s tolerance) for a load, then 400 s behind for 100 "
						+ "callbacks (refused 401, nothing recorded), then back in sync: resent and accepted");
		List<PayCallback> seeded = bench.seeder().payableOrders(run.scope, 400, ScenarioRunner.OPENING_BALANCE,
				ScenarioRunner.AMOUNT);
		List<PayCallback> ahead = seeded.subList(0, 300);
		List<PayCallback> behind = seeded.subList(300, 400);
		run.startLoad(ahead, bench.callbacks(Duration.ofSeconds(250)), payment -> {
		});
		run.awaitLoadFinished();
		int acceptedAhead = (int) ahead.stream().filter(p -> run.scope.answered().containsKey(p.payNo())).count();

		CallbackClient late = bench.callbacks(Duration.ofSeconds(-400));
		long refused = behind.stream().map(late::send).filter(answer -> answer.status() == 401).count();
		int recorded = bench.invariants().committedPayments(
				behind.stream().map(PayCallback::orderNo).collect(Collectors.toSet()));
		run.prove(acceptedAhead == ahead.size() && refused == behind.size() && recorded == 0,
				"+250 s: " + acceptedAhead + "/" + ahead.size() + " accepted; −400 s: " + refused + "/" + behind.size()
						+ " answered 401, " + recorded + " recorded");
		run.healed();
		// the platform's clock is right again: it resends what was refused
		CallbackClient inSync = bench.callbacks();
		for (PayCallback payment : behind) {
			CallbackResponse answer = inSync.send(payment);
			assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
			run.scope.answered200(payment.payNo(), payment.orderNo(), answer.body());
		}
		run.counted(behind.size(), 2 * behind.size(), 0);
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isEqualTo(ahead.size() + behind.size());
	}

	@Test
	@Order(24)
	void aGatewayTransactionRolledBackAfterItsOutboxInsertPublishesNothing() {
		ScenarioRunner.Running run = runner.begin("gateway transaction rolled back after its outbox insert (I4)",
				"for 20 payments the database refuses the gateway's outbox delete, which follows the payment and outbox "
						+ "inserts in the same transaction: the transaction rolls back (5xx); then the fault is removed "
						+ "and the platform's retries are accepted");
		List<PayCallback> payments = bench.seeder().payableOrders(run.scope, 21, ScenarioRunner.OPENING_BALANCE,
				ScenarioRunner.AMOUNT);
		List<PayCallback> rolledBack = payments.subList(0, 20);
		PayCallback sentinel = payments.get(20);
		List<String> orderNos = rolledBack.stream().map(PayCallback::orderNo).toList();
		ServiceProcess gateway = bench.service(FaultBench.GATEWAY);
		long logged = FaultBench.logLines(gateway, OrderAudit.ROLLBACK_MESSAGE);
		bench.audit().armRollback(orderNos);
		Map<Integer, Long> answers;
		try {
			answers = rolledBack.stream().map(bench.callbacks()::send)
				.collect(Collectors.groupingBy(CallbackResponse::status, java.util.TreeMap::new, Collectors.counting()));
		}
		finally {
			bench.audit().disarmRollback(orderNos);
		}
		run.healed();
		long refusals = FaultBench.logLines(gateway, OrderAudit.ROLLBACK_MESSAGE) - logged;
		int recorded = bench.invariants().committedPayments(Set.copyOf(orderNos));
		// a later payment's event on pay.success: the relay has read the binlog past the rolled-back transactions
		CallbackResponse answer = bench.callbacks().send(sentinel);
		assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
		run.scope.answered200(sentinel.payNo(), sentinel.orderNo(), answer.body());
		Faults.awaitRecord(bench, run.scope, sentinel.orderNo());
		long events = bench.paySuccessRecords(run.scope).stream().filter(record -> orderNos.contains(record.key()))
			.count();
		long failed = answers.entrySet().stream().filter(status -> status.getKey() >= 500)
			.mapToLong(Map.Entry::getValue).sum();
		run.prove(failed == rolledBack.size() && refusals >= rolledBack.size() && recorded == 0 && events == 0,
				rolledBack.size() + " callbacks answered " + answers + " (the platform retries a 5xx), the gateway logged '"
						+ OrderAudit.ROLLBACK_MESSAGE + "' " + refusals + " times, " + recorded
						+ " payments recorded; once a later payment's event was on pay.success, " + events
						+ " events of the rolled-back ones");

		// the platform retries, the fault is gone: accepted as new (nothing of the first attempts was committed)
		long accepted = 0;
		for (PayCallback payment : rolledBack) {
			CallbackResponse retry = bench.callbacks().send(payment);
			run.scope.answered200(payment.payNo(), payment.orderNo(), retry.body());
			accepted += retry.status() == 200 && retry.body().contains("ACCEPTED") ? 1 : 0;
		}
		run.counted(payments.size(), 2 * rolledBack.size() + 1, 0);
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(accepted).as("retries accepted as new payments").isEqualTo(rolledBack.size());
		assertThat(scenario.deducted()).isEqualTo(payments.size());
	}

	@Test
	@Order(25)
	void anUnderfundedPaymentClimbsTheWholeRetryLadderToTerminalAndAfterTopUpAndReplayIsDeductedOnce() {
		ScenarioRunner.Running run = runner.begin("insufficient balance → retry ladder → terminal → top-up → replay",
				"balance 10.00 for 25.00 orders: retries " + FaultBench.RETRY_TIERS + " (max "
						+ FaultBench.MAX_RETRIES + "), terminal, top-up 100.00, replay through the console");
		int payments = 10;
		List<PayCallback> callbacks = bench.seeder()
			.payableOrders(run.scope, payments, new BigDecimal("10.00"), ScenarioRunner.AMOUNT);
		callbacks.forEach(callback -> sendAccepted(run, callback));
		run.counted(payments, payments, 0);

		// then every payment goes terminal with the ladder exhausted
		ScenarioRunner.awaitUntil(Duration.ofMinutes(3), () -> bench.terminalKeys(run.scope).size() == payments);
		List<ConsumerRecord<String, byte[]>> terminal = bench.terminalRecords(run.scope);
		Faults.awaitUntilScraped(bench, Duration.ofSeconds(30),
				() -> bench.metrics().outcome("RETRY") >= payments * (FaultBench.MAX_RETRIES + 1L));
		long exhausted = terminal.stream()
			.filter(record -> "RETRIES_EXHAUSTED".equals(TopicRecords.header(record, PayonceHeaders.REASON)))
			.count();
		run.prove(exhausted == payments && bench.metrics().outcome("RETRY") >= payments * (FaultBench.MAX_RETRIES + 1L),
				payments + " payments: " + bench.metrics().outcome("RETRY") + " deliveries refused for the balance, "
						+ exhausted + " terminal RETRIES_EXHAUSTED");
		assertThat(bench.invariants().deductionCount(run.scope.prefix())).isZero();

		// when the accounts are topped up and an operator replays them
		callbacks.forEach(callback -> bench.seeder().topUp(run.scope, callback.userId(), new BigDecimal("100.00")));
		DltConsole console = new DltConsole(bench.service(FaultBench.DLT).baseUrl(), FaultBench.CONSOLE_ADMIN,
				FaultBench.CONSOLE_ADMIN_PASSWORD);
		List<String> eventIds = terminal.stream().map(record -> TopicRecords.header(record, "id")).toList();
		ScenarioRunner.awaitUntil(Duration.ofMinutes(1),
				() -> console.list(callbacks.get(0).orderNo()).body().contains(callbacks.get(0).orderNo()));
		DltConsole.Answer replay = console.replay(eventIds);
		assertThat(replay.status()).as(replay.body()).isBetween(200, 299);
		run.healed();

		// then each is deducted exactly once
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2),
				() -> bench.invariants().deductionCount(run.scope.prefix()) == payments);
		run.note("replay answered " + replay.status());
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(TradeLedger.of(bench.stack().mariaDb()).balance(callbacks.get(0).userId()))
			.hasValueSatisfying(balance -> assertThat(balance).isEqualByComparingTo("85.00"));
	}

	@Test
	@Order(26)
	void aPoisonRecordOnPaySuccessGoesTerminalAndBlocksNothing() {
		ScenarioRunner.Running run = runner.begin("poison record", "garbage bytes produced to pay.success directly");
		String poisonKey = run.scope.prefix() + "poison";
		run.scope.producedByTest(poisonKey);
		bench.produceRaw(poisonKey, "\u0000not json {{{".getBytes(StandardCharsets.UTF_8));
		// and a valid payment behind it on any partition still goes through
		PayCallback after = aPayableOrder(run);
		sendAccepted(run, after);
		run.counted(1, 1, 0);

		FaultReport.Scenario scenario = endsTerminal(run, poisonKey, "UNREADABLE");
		assertThat(scenario.deducted()).isEqualTo(1);
	}

	@Test
	@Order(27)
	void anAmountConflictGoesTerminalInTheConsumerAndGets409AtTheGateway() {
		ScenarioRunner.Running run = runner.begin("amount conflict",
				"callback amount 30.00 for an order of 25.00, then the same payment with 25.00");
		PayCallback seeded = aPayableOrder(run);
		PayCallback wrongAmount = seeded.withAmount(new BigDecimal("30.00"));

		// when the platform reports another amount than the order's, then corrects it
		sendAccepted(run, wrongAmount);
		CallbackResponse corrected = bench.callbacks().send(seeded);
		run.counted(1, 2, 0);

		// then the consumer refuses it for good, the gateway refuses the changed content
		assertThat(corrected.status()).as(corrected.toString()).isEqualTo(409);
		assertThat(corrected.isProblem()).isTrue();
		FaultReport.Scenario scenario = endsTerminal(run, seeded.orderNo(), "CONFLICT");
		assertThat(scenario.deducted()).isZero();
	}

	@Test
	@Order(28)
	void aLateCallbackForARefundedOrderGoesTerminalWithoutDeduction() {
		ScenarioRunner.Running run = runner.begin("late callback after refund",
				"the order set REFUNDED in the database before its payment callback arrives");
		PayCallback late = aPayableOrder(run);
		bench.seeder().setOrderStatus(run.scope, late.orderNo(), "REFUNDED");

		sendAccepted(run, late);
		run.counted(1, 1, 0);

		FaultReport.Scenario scenario = endsTerminal(run, late.orderNo(), "ILLEGAL_STATE");
		assertThat(scenario.deducted()).isZero();
		assertThat(TradeLedger.of(bench.stack().mariaDb()).orderStatus(late.orderNo())).contains("REFUNDED");
	}

	@Test
	@Order(29)
	void theWholeSuiteCarriedTenThousandPaymentsWithTwentyPercentDuplicatesAndProvedEveryFault() {
		List<FaultReport.Scenario> scenarios = report.scenarios();
		int payments = scenarios.stream().mapToInt(FaultReport.Scenario::payments).sum();
		int duplicates = scenarios.stream().mapToInt(FaultReport.Scenario::duplicateCallbacks).sum();
		assertThat(scenarios).hasSizeGreaterThanOrEqualTo(22);
		assertThat(payments).as("payments across the suite").isGreaterThanOrEqualTo(10_000);
		assertThat(duplicates).as("duplicate callbacks across the suite").isGreaterThanOrEqualTo(payments / 5);
		assertThat(scenarios).allSatisfy(scenario -> assertThat(scenario.passed()).as(scenario.name()).isTrue());
	}

	/**
	 * A scenario under load: the fault is injected once {@code share} of the payments are out and the consumer is
	 * deducting them; the fault proves itself; afterwards I1–I6 hold and every payment is deducted exactly once.
	 */
	private static FaultReport.Scenario underLoad(String name, String fault, double share, Faults.Fault inject) {
		ScenarioRunner.Running run = runner.begin(name, fault);
		run.startLoad(runner.paymentsPerScenario);
		run.awaitLoad(share);
		awaitDeductionsInProgress(run);
		long injecting = System.nanoTime();
		inject.inject(bench, run);
		run.note("fault injected and over in " + ScenarioRunner.secondsSince(injecting) + " s");
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		assertThat(scenario.deducted()).isGreaterThanOrEqualTo(runner.paymentsPerScenario);
		return scenario;
	}

	/** Waits until the record of this orderNo is on the terminal topic (once, for this reason), then finishes. */
	private static FaultReport.Scenario endsTerminal(ScenarioRunner.Running run, String orderNo, String reason) {
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> bench.terminalKeys(run.scope).contains(orderNo));
		List<ConsumerRecord<String, byte[]>> terminal = bench.terminalRecords(run.scope).stream()
			.filter(record -> orderNo.equals(record.key()))
			.toList();
		run.prove(terminal.size() == 1 && reason.equals(TopicRecords.header(terminal.get(0), PayonceHeaders.REASON)),
				orderNo + " on pay.success.terminal " + terminal.size() + "x, reason "
						+ terminal.stream().map(record -> TopicRecords.header(record, PayonceHeaders.REASON)).toList());
		run.healed();
		FaultReport.Scenario scenario = runner.finish(run);
		assertPassed(scenario);
		return scenario;
	}

	/** One account with the opening balance and one INIT order of the default amount, in the scenario's scope. */
	private static PayCallback aPayableOrder(ScenarioRunner.Running run) {
		return bench.seeder()
			.payableOrders(run.scope, 1, ScenarioRunner.OPENING_BALANCE, ScenarioRunner.AMOUNT)
			.get(0);
	}

	/** Waits until the consumer is deducting this scope's payments, so that the fault hits a running stream. */
	private static void awaitDeductionsInProgress(ScenarioRunner.Running run) {
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2),
				() -> bench.invariants().deductionCount(run.scope.prefix()) > 0);
	}

	private static void sendAccepted(ScenarioRunner.Running run, PayCallback callback) {
		CallbackResponse answer = bench.callbacks().send(callback);
		assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
		run.scope.answered200(callback.payNo(), callback.orderNo(), answer.body());
	}

	private static List<CallbackResponse> sendAtOnce(PayCallback callback, int times) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(times);
		List<CallbackResponse> answers = new ArrayList<>();
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<CallbackResponse>> futures = new ArrayList<>();
			for (int i = 0; i < times; i++) {
				Callable<CallbackResponse> send = () -> {
					go.await();
					return bench.callbacks().send(callback);
				};
				futures.add(pool.submit(send));
			}
			go.countDown();
			for (Future<CallbackResponse> future : futures) {
				answers.add(future.get());
			}
		}
		finally {
			pool.shutdownNow();
		}
		return answers;
	}

	/** Fault proven, every invariant held over rows, recovered in time, nothing exited unannounced. */
	static void assertPassed(FaultReport.Scenario scenario) {
		assertThat(scenario.faultProven()).as(scenario.name() + ": fault proven? " + scenario.proof()).isTrue();
		assertThat(scenario.invariants()).as(scenario.name() + ": " + scenario.notes())
			.hasSize(6)
			.allSatisfy(result -> assertThat(result.holds()).as(result.toString()).isTrue());
		assertThat(scenario.recovered()).as(scenario.name() + ": " + scenario.recovery()).isTrue();
		assertThat(scenario.unexpectedExits()).as(scenario.name() + ": " + scenario.restarts()).isZero();
	}

}
