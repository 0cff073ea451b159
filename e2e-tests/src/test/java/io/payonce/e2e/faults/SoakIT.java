package io.payonce.e2e.faults;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The long soak: for {@code -Dpayonce.soak.minutes=N} minutes, round after round of steady load with one random
 * fault each, drawn from the fault suite's own ({@link Faults}: kill -9 and the crash hook on the consumers, a
 * zombie consumer, kill -9 of the relay, Kafka and MariaDB stopped or killed, Redis flushed or restarted stale,
 * latency, dropped connections and partitions on the links, lock waits past the poll timeout). Every round proves
 * its fault, recovers without help and keeps I1–I6; the rounds go to {@code soak.{md,json}} in
 * {@code payonce.fault-report.dir}. Skipped unless the flag is set; {@code -Dpayonce.soak.seed} repeats a sequence.
 */
class SoakIT {

	@Test
	void randomFaultsUnderSteadyLoadKeepEveryInvariant() {
		int minutes = Integer.getInteger("payonce.soak.minutes", 0);
		assumeTrue(minutes > 0, "soak off: run with -Dpayonce.soak.minutes=30");
		long seed = Long.getLong("payonce.soak.seed", System.currentTimeMillis());
		Random random = new Random(seed);
		FaultReport report = new FaultReport(FaultReport.defaultDirectory(), "soak",
				"PayOnce soak, " + minutes + " min, seed " + seed);
		try (FaultBench bench = FaultBench.start(LocalStack.shared())) {
			ScenarioRunner runner = new ScenarioRunner(bench, report);
			report.setting("minutes", minutes);
			report.setting("seed", seed);
			report.setting("paymentsPerRound", runner.paymentsPerScenario);
			report.setting("rate", runner.rate + " payments/s, 30 % called back twice");
			Map<String, Faults.Fault> faults = faults();
			List<String> names = List.copyOf(faults.keySet());
			long deadline = System.nanoTime() + Duration.ofMinutes(minutes).toNanos();
			int round = 0;
			while (System.nanoTime() < deadline) {
				round++;
				String fault = names.get(random.nextInt(names.size()));
				ScenarioRunner.Running run = runner.begin("round " + round + ": " + fault, fault);
				run.startLoad(runner.paymentsPerScenario);
				run.awaitLoad(0.2 + random.nextDouble() * 0.6);
				ScenarioRunner.awaitUntil(Duration.ofMinutes(2),
						() -> bench.invariants().deductionCount(run.scope.prefix()) > 0);
				faults.get(fault).inject(bench, run);
				runner.finish(run);
			}
		}
		assertThat(report.scenarios()).isNotEmpty()
			.allSatisfy(round -> assertThat(round.passed()).as(round.name() + ": " + round.proof() + " / "
					+ round.recovery() + " / " + round.invariants()).isTrue());
	}

	private static Map<String, Faults.Fault> faults() {
		Map<String, Faults.Fault> faults = new LinkedHashMap<>();
		faults.put("kill -9 of a consumer", Faults::killConsumer);
		faults.put("consumer dies after its DB commit (crash hook)", Faults::crashAfterCommit);
		faults.put("SIGSTOP of a consumer beyond its timeouts", Faults::zombie);
		faults.put("kill -9 of the relay", Faults::killRelay);
		faults.put("Kafka stopped and started", (bench, run) -> Faults.restartKafka(bench, run, false));
		faults.put("kill -9 of Kafka", (bench, run) -> Faults.restartKafka(bench, run, true));
		faults.put("MariaDB stopped and started", (bench, run) -> Faults.restartMariaDb(bench, run, false));
		faults.put("kill -9 of MariaDB", (bench, run) -> Faults.restartMariaDb(bench, run, true));
		faults.put("Redis flushed", Faults::flushRedis);
		faults.put("Redis restarted with stale data", Faults::staleRedis);
		faults.put("latency on every link", Faults::latency);
		faults.put("every connection dropped", Faults::cutConnections);
		faults.put("partition consumer↔Redis", Faults::partitionRedis);
		faults.put("partition consumer↔Kafka", Faults::partitionKafka);
		faults.put("partition services↔MariaDB", Faults::partitionMariaDb);
		faults.put("lock waits past the poll timeout", Faults::slowDatabase);
		return faults;
	}

}
