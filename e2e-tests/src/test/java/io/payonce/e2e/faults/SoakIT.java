package io.payonce.e2e.faults;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The long soak: for {@code -Dpayonce.soak.minutes=N} minutes, round after round of steady load with one random
 * fault each (kill -9 of a consumer or of the relay, SIGSTOP of a consumer beyond its session, a restart of Kafka
 * or MariaDB, a Redis flush), I1–I5 checked after every round, reported to
 * {@code target/fault-report/soak.{md,json}}. Skipped unless the flag is set; {@code -Dpayonce.soak.seed} repeats
 * a sequence.
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
			bench.addConsumer();
			ScenarioRunner runner = new ScenarioRunner(bench, report);
			Map<String, Runnable> faults = faults(bench);
			List<String> names = List.copyOf(faults.keySet());
			long deadline = System.nanoTime() + Duration.ofMinutes(minutes).toNanos();
			while (System.nanoTime() < deadline) {
				String fault = names.get(random.nextInt(names.size()));
				ScenarioRunner.Running run = runner.begin("soak round", fault);
				run.startLoad(runner.paymentsPerScenario);
				run.awaitLoad(0.2 + random.nextDouble() * 0.6);
				faults.get(fault).run();
				FaultReport.Scenario round = runner.finish(run);
				assertThat(round.invariantsHold()).as(round.toString()).isTrue();
			}
		}
		assertThat(report.scenarios()).isNotEmpty();
	}

	private static Map<String, Runnable> faults(FaultBench bench) {
		Map<String, Runnable> faults = new LinkedHashMap<>();
		faults.put("kill -9 of a consumer, restarted", () -> {
			ServiceProcess consumer = bench.consumers().get(0);
			bench.kill(consumer);
			bench.restart(consumer);
		});
		faults.put("kill -9 of the relay, restarted", () -> {
			ServiceProcess relay = bench.service(FaultBench.RELAY);
			bench.kill(relay);
			bench.restart(relay);
		});
		faults.put("SIGSTOP of a consumer beyond its session, SIGCONT", () -> {
			ServiceProcess consumer = bench.consumers().get(0);
			bench.metrics().scrape(List.of(consumer));
			consumer.pause();
			long pausedAt = System.nanoTime();
			ScenarioRunner.awaitUntil(Duration.ofMinutes(1), () -> System.nanoTime() - pausedAt > FaultBench.CONSUMER_MAX_POLL_INTERVAL
				.plusSeconds(5)
				.toNanos());
			consumer.resume();
		});
		faults.put("Kafka broker restarted", () -> {
			bench.stack().kafka().stop();
			bench.stack().kafka().start();
		});
		faults.put("MariaDB restarted", () -> {
			bench.stack().mariaDb().stop();
			bench.stack().mariaDb().start();
		});
		faults.put("Redis flushed", bench::flushRedis);
		return faults;
	}

}
