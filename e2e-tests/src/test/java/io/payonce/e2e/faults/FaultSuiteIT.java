package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.payonce.contract.PayonceHeaders;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
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
 * The fault suite of issue 7, black box: the gateway, the relay, the deduct-consumer(s) and the dlt-handler run as
 * separate processes against the real local stack; one stack and one set of processes serve every scenario, and
 * each scenario restarts what it broke. After every scenario the invariants I1–I5 are checked on the database for
 * the scenario's own rows, and the scenario goes into {@code target/fault-report/fault-suite.{md,json}}.
 *
 * <p>Load: the nine "under load" scenarios drive {@code payonce.faults.payments} (default 1,150) payments each at
 * a steady {@code payonce.faults.rate} (default 120/s) with 30 % duplicate callbacks while the fault is injected:
 * over 10,000 payments for the suite.
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
	}

	@AfterAll
	static void stopPipeline() {
		if (bench != null) {
			try {
				bench.heal();
			}
			finally {
				bench.close();
			}
		}
	}

	@Test
	@Order(1)
	void theIncidentReplayedARedeliveredPaymentIsDeductedOnce() throws Exception {
		// given the incident: payments deducted, then delivered again by the broker (the consumer had failed
		// after the deduction, before its acknowledgement) — here every record of the scope, twice
		ScenarioRunner.Running run = runner.begin("incident replayed",
				"every deducted pay.success record redelivered twice (the broker's redelivery of the incident)");
		run.startLoad(200);
		run.awaitLoadFinished();
		ScenarioRunner.awaitUntil(Duration.ofMinutes(3),
				() -> bench.invariants().deductionCount(run.scope.prefix()) == 200);
		List<ConsumerRecord<String, byte[]>> delivered = bench.paySuccessRecords(run.scope);

		// when
		bench.redeliver(delivered);
		bench.redeliver(delivered);

		// then every redelivery is absorbed by a guard, none deducts
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> {
			bench.metrics().scrape(bench.consumers());
			return bench.metrics().outcome("DUPLICATE") >= 2L * delivered.size();
		});
		run.note(2 * delivered.size() + " records redelivered");
		FaultReport.Scenario scenario = runner.finish(run);
		assertThat(delivered).hasSize(200);
		assertThat(scenario.deducted()).isEqualTo(200);
		assertInvariantsHold(scenario);
		TradeLedger ledger = TradeLedger.of(bench.stack().mariaDb());
		assertThat(ledger.balance(run.scope.firstUser())).hasValueSatisfying(
				balance -> assertThat(balance).isEqualByComparingTo("75.00"));
	}

	@Test
	@Order(2)
	void fiftyConcurrentDuplicateCallbacksDeductOnce() throws Exception {
		ScenarioRunner.Running run = runner.begin("50 concurrent duplicate callbacks",
				"the same signed callback 50 times at once");
		PayCallback callback = aPayableOrder(run);

		// when 50 threads send it at the same moment
		ExecutorService pool = Executors.newFixedThreadPool(50);
		List<CallbackResponse> answers = new ArrayList<>();
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<CallbackResponse>> futures = new ArrayList<>();
			for (int i = 0; i < 50; i++) {
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
		answers.stream().filter(answer -> answer.status() == 200).forEach(answer -> run.scope.answered2xx(callback.orderNo()));
		run.counted(1, 50, 49);

		// then one is accepted, 49 are absorbed, one event, one deduction
		assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).as(answer.toString()).isEqualTo(200));
		assertThat(answers).filteredOn(answer -> answer.body().contains("ACCEPTED")).hasSize(1);
		assertThat(answers).filteredOn(answer -> answer.body().contains("DUPLICATE")).hasSize(49);
		FaultReport.Scenario scenario = runner.finish(run);
		assertThat(scenario.deducted()).isEqualTo(1);
		assertThat(scenario.gatewayDuplicates()).isEqualTo(49);
		assertThat(bench.paySuccessRecords(run.scope)).hasSize(1);
		assertInvariantsHold(scenario);
	}

	@Test
	@Order(3)
	void aConsumerKilledAfterItsDatabaseCommitBeforeItsOffsetCommitDeductsNothingTwice() {
		// natural race, black box: the listener deducts a whole poll (up to 500 records) in one transaction and
		// acknowledges it after that commit, so a kill -9 in between leaves deductions committed whose offsets
		// are not; the restarted consumer gets them again (seen as DUPLICATE deliveries in the report)
		underLoad("consumer kill -9 after DB commit, before offset commit",
				"kill -9 of the consumer while it works a poll of up to 500 records (natural race), restart", 0.4,
				run -> {
					ServiceProcess consumer = bench.consumers().get(0);
					bench.kill(consumer);
					bench.restart(consumer);
				});
	}

	@Test
	@Order(4)
	void aConsumerKilledMidStreamLosesAndDoublesNothing() {
		// the same natural race as above at another moment: a kill -9 lands inside a deduct transaction (rolled
		// back by MariaDB) or between the commit and the acknowledgement, whichever the stream is in
		underLoad("consumer kill -9 mid-stream", "kill -9 of the consumer at 70 % of the load, restarted", 0.7,
				run -> {
					ServiceProcess consumer = bench.consumers().get(0);
					bench.kill(consumer);
					bench.restart(consumer);
				});
	}

	@Test
	@Order(5)
	void aZombieConsumerThatWakesUpAfterItsGroupMovedOnDeductsNothingTwice() {
		// given a second instance that can take over
		ServiceProcess takeover = bench.addConsumer();
		underLoad("consumer SIGSTOP beyond max.poll.interval.ms, then SIGCONT",
				"SIGSTOP of one of two consumer instances for longer than session timeout ("
						+ FaultBench.CONSUMER_SESSION_TIMEOUT.toSeconds() + " s) and max.poll.interval.ms ("
						+ FaultBench.CONSUMER_MAX_POLL_INTERVAL.toSeconds() + " s), the other takes over, SIGCONT",
				0.3, run -> {
					ServiceProcess zombie = bench.consumers().get(0);
					bench.metrics().scrape(List.of(zombie));
					zombie.pause();
					long pausedAt = System.nanoTime();
					int deductedAtPause = bench.invariants().deductionCount(run.scope.prefix());
					Duration beyond = FaultBench.CONSUMER_MAX_POLL_INTERVAL.plusSeconds(5);
					ScenarioRunner.awaitUntil(Duration.ofMinutes(3),
							() -> System.nanoTime() - pausedAt > beyond.toNanos()
									&& bench.invariants().deductionCount(run.scope.prefix()) > deductedAtPause + 20);
					run.note("paused " + zombie.service() + " "
							+ Duration.ofNanos(System.nanoTime() - pausedAt).toSeconds() + " s; " + takeover.service()
							+ " deducted " + (bench.invariants().deductionCount(run.scope.prefix()) - deductedAtPause)
							+ " meanwhile");
					zombie.resume();
				});
	}

	@Test
	@Order(6)
	void aConsumerAddedAndOneRemovedUnderLoadRebalanceWithoutLossOrDoubleDeduction() {
		underLoad("consumer added and removed under load (rebalance)",
				"a third consumer instance started at 20 % of the load, the first stopped (SIGTERM) at 60 %", 0.2,
				run -> {
					ServiceProcess added = bench.addConsumer();
					run.awaitLoad(0.6);
					ServiceProcess removed = bench.consumers().get(0);
					bench.removeConsumer(removed);
					run.note("added " + added.service() + ", removed " + removed.service() + "; running "
							+ bench.consumers().stream().map(ServiceProcess::service).toList());
				});
	}

	@Test
	@Order(7)
	void theRelayKilledMidStreamLosesNoEventAndDoublesNoDeduction() {
		underLoad("relay kill -9 mid-stream", "kill -9 of the outbox-relay at 40 % of the load, restarted", 0.4,
				run -> {
					ServiceProcess relay = bench.service(FaultBench.RELAY);
					bench.kill(relay);
					bench.restart(relay);
				});
	}

	@Test
	@Order(8)
	void theKafkaBrokerRestartedUnderLoadLosesAndDoublesNothing() {
		underLoad("Kafka broker restarted under load",
				"the only Kafka broker stopped at 40 % of the load and started again", 0.4, run -> {
					bench.stack().kafka().stop();
					bench.stack().kafka().start();
				});
	}

	@Test
	@Order(9)
	void mariaDbRestartedUnderLoadLosesAndDoublesNothing() {
		underLoad("MariaDB restarted under load",
				"MariaDB (both schemas, the binlog) stopped at 40 % of the load and started again; callbacks "
						+ "meanwhile get 503 and are retried by the sender",
				0.4, run -> {
					bench.stack().mariaDb().stop();
					bench.stack().mariaDb().start();
				});
	}

	@Test
	@Order(10)
	void whileRedisIsDownNothingIsDeductedAndAfterwardsEverythingOnce() {
		ScenarioRunner.Running run = runner.begin("Redis stopped (fail closed)",
				"Redis stopped before the load; started again once the events were on pay.success");
		bench.stack().redis().stop();
		run.startLoad(runner.paymentsPerScenario);
		run.awaitLoadFinished();
		int payments = runner.paymentsPerScenario;

		// then the events arrive, but with CLOSED failure policy nothing is deducted while Redis is down
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> bench.paySuccessRecords(run.scope).size() >= payments);
		org.awaitility.Awaitility.await().during(Duration.ofSeconds(8)).atMost(Duration.ofSeconds(30))
			.until(() -> bench.invariants().deductionCount(run.scope.prefix()) == 0);
		run.note(payments + " events on pay.success, 0 deducted while Redis was down");

		// when Redis is back, everything is deducted once
		bench.stack().redis().start();
		FaultReport.Scenario scenario = runner.finish(run);
		assertInvariantsHold(scenario);
		assertThat(scenario.deducted()).isEqualTo(payments);
	}

	@Test
	@Order(11)
	void redisFlushedUnderLoadLeavesTheDatabaseGuardsToAbsorbRedeliveries() {
		FaultReport.Scenario scenario = underLoad("Redis flushed under load",
				"FLUSHALL at 50 % of the load, then again once all is deducted, and every record of the scope "
						+ "redelivered: the state machine and the unique index must absorb what Redis forgot",
				0.5, run -> {
					bench.flushRedis();
					run.awaitLoadFinished();
					ScenarioRunner.awaitUntil(Duration.ofMinutes(3), () -> bench.invariants()
						.deductionCount(run.scope.prefix()) == runner.paymentsPerScenario);
					bench.flushRedis();
					List<ConsumerRecord<String, byte[]>> delivered = bench.paySuccessRecords(run.scope);
					bench.redeliver(delivered);
					ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> {
						bench.metrics().scrape(bench.consumers());
						return bench.metrics().outcome("DUPLICATE") >= delivered.size();
					});
					run.note(delivered.size() + " records redelivered after the second flush");
				});
		assertThat(scenario.consumerDeliveries().keySet()).as("absorbed below Redis")
			.anyMatch(series -> series.startsWith("DUPLICATE/state") || series.startsWith("DUPLICATE/unique_index"));
	}

	@Test
	@Order(12)
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
		assertThat(terminal).hasSize(payments).allSatisfy(record -> assertThat(
				TopicRecords.header(record, PayonceHeaders.REASON)).isEqualTo("RETRIES_EXHAUSTED"));
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

		// then each is deducted exactly once
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2),
				() -> bench.invariants().deductionCount(run.scope.prefix()) == payments);
		run.note("replay answered " + replay.status());
		FaultReport.Scenario scenario = runner.finish(run);
		assertInvariantsHold(scenario);
		assertThat(scenario.retried()).as("retries counted by the consumer").isGreaterThanOrEqualTo(payments);
		TradeLedger ledger = TradeLedger.of(bench.stack().mariaDb());
		assertThat(ledger.balance(callbacks.get(0).userId())).hasValueSatisfying(
				balance -> assertThat(balance).isEqualByComparingTo("85.00"));
	}

	@Test
	@Order(13)
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
	@Order(14)
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
	@Order(15)
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
	@Order(16)
	void theWholeSuiteCarriedAtLeastTenThousandPaymentsWithTwentyPercentDuplicates() {
		List<FaultReport.Scenario> scenarios = report.scenarios();
		int payments = scenarios.stream().mapToInt(FaultReport.Scenario::payments).sum();
		int duplicates = scenarios.stream().mapToInt(FaultReport.Scenario::duplicateCallbacks).sum();
		assertThat(payments).as("payments across the suite (-Dpayonce.faults.payments lowers it)")
			.isGreaterThanOrEqualTo(runner.paymentsPerScenario >= 1150 ? 10_000 : 0);
		assertThat(duplicates).isGreaterThanOrEqualTo(payments / 5);
		assertThat(scenarios).allSatisfy(scenario -> assertThat(scenario.invariantsHold()).as(scenario.name()).isTrue());
	}

	/**
	 * A scenario under load: the fault is injected once {@code share} of the payments are out and the consumer is
	 * deducting them; afterwards I1–I5 hold and every payment is deducted exactly once.
	 */
	private static FaultReport.Scenario underLoad(String name, String fault, double share,
			java.util.function.Consumer<ScenarioRunner.Running> inject) {
		ScenarioRunner.Running run = runner.begin(name, fault);
		run.startLoad(runner.paymentsPerScenario);
		run.awaitLoad(share);
		awaitDeductionsInProgress(run);
		long injecting = System.nanoTime();
		inject.accept(run);
		run.note("fault injected and its processes back in " + ScenarioRunner.secondsSince(injecting) + " s");
		FaultReport.Scenario scenario = runner.finish(run);
		assertInvariantsHold(scenario);
		assertThat(scenario.deducted()).isEqualTo(runner.paymentsPerScenario);
		return scenario;
	}

	/**
	 * Waits until the record of this orderNo is on the terminal topic, finishes the scenario (I1–I5 hold) and
	 * checks that it went there once, for this reason.
	 */
	private static FaultReport.Scenario endsTerminal(ScenarioRunner.Running run, String orderNo, String reason) {
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> bench.terminalKeys(run.scope).contains(orderNo));
		FaultReport.Scenario scenario = runner.finish(run);
		assertInvariantsHold(scenario);
		assertThat(bench.terminalRecords(run.scope)).filteredOn(record -> orderNo.equals(record.key()))
			.singleElement()
			.satisfies(record -> assertThat(TopicRecords.header(record, PayonceHeaders.REASON)).isEqualTo(reason));
		return scenario;
	}

	/** One account with the opening balance and one INIT order of the default amount, in the scenario's scope. */
	private static PayCallback aPayableOrder(ScenarioRunner.Running run) {
		return bench.seeder()
			.payableOrders(run.scope, 1, ScenarioRunner.OPENING_BALANCE, ScenarioRunner.AMOUNT)
			.get(0);
	}

	/** Waits until the consumer is deducting this scope's payments, so that the fault hits a running stream. */
	private static int awaitDeductionsInProgress(ScenarioRunner.Running run) {
		int[] count = { 0 };
		ScenarioRunner.awaitUntil(Duration.ofMinutes(2), () -> {
			count[0] = bench.invariants().deductionCount(run.scope.prefix());
			return count[0] > 0;
		});
		return count[0];
	}

	private static void sendAccepted(ScenarioRunner.Running run, PayCallback callback) {
		CallbackResponse answer = bench.callbacks().send(callback);
		assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
		run.scope.answered2xx(callback.orderNo());
	}

	private static void assertInvariantsHold(FaultReport.Scenario scenario) {
		assertThat(scenario.invariants()).as(scenario.name() + ": " + scenario.notes())
			.hasSize(5)
			.allSatisfy(result -> assertThat(result.holds()).as(result.toString()).isTrue());
	}

}
