package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.platform.callback.PayCallback;

import static org.awaitility.Awaitility.await;

/**
 * The frame of every scenario: seed, baseline the counters, drive the load, inject the fault, heal, wait until
 * nothing is in flight, check I1–I5 and add the scenario to the report. Waits are bounded (Awaitility); a run that
 * does not settle in time is reported with its violations, not hung.
 */
final class ScenarioRunner {

	static final BigDecimal OPENING_BALANCE = new BigDecimal("100.00");

	static final BigDecimal AMOUNT = PaymentFixture.DEFAULT_AMOUNT;

	/** How long the pipeline may take to drain once the faults healed (a loaded two-core machine). */
	static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(4);

	private final FaultBench bench;

	private final FaultReport report;

	/** Payments per load scenario ({@code -Dpayonce.faults.payments}). */
	final int paymentsPerScenario = Integer.getInteger("payonce.faults.payments", 1150);

	/** Steady callback rate of the load ({@code -Dpayonce.faults.rate}, payments per second). */
	final int rate = Integer.getInteger("payonce.faults.rate", 120);

	ScenarioRunner(FaultBench bench, FaultReport report) {
		this.bench = bench;
		this.report = report;
	}

	/** A scenario in progress. */
	final class Running {

		final Scope scope;

		final String fault;

		final long startedAt = System.nanoTime();

		final List<String> notes = new ArrayList<>();

		LoadGenerator.Run load;

		int payments;

		int callbacks;

		int duplicateCallbacks;

		Running(Scope scope, String fault) {
			this.scope = scope;
			this.fault = fault;
		}

		/** Seeds {@code count} payable orders and starts sending their callbacks at the steady rate. */
		LoadGenerator.Run startLoad(int count) {
			List<PayCallback> payments = ScenarioRunner.this.bench.seeder().payableOrders(this.scope, count,
					OPENING_BALANCE, AMOUNT);
			this.load = ScenarioRunner.this.bench.load().start(this.scope, payments, ScenarioRunner.this.rate);
			return this.load;
		}

		/** Waits (bounded) until this share of the load has been released. */
		void awaitLoad(double share) {
			await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(100))
				.until(() -> this.load.progress() >= share);
		}

		void awaitLoadFinished() {
			await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(250)).until(this.load::finished);
		}

		void note(String note) {
			this.notes.add(note);
		}

		/** Direct sends (outside the load generator) count here. */
		void counted(int payments, int callbacks, int duplicateCallbacks) {
			this.payments += payments;
			this.callbacks += callbacks;
			this.duplicateCallbacks += duplicateCallbacks;
		}

	}

	Running begin(String name, String fault) {
		Running running = new Running(this.bench.scope(name), fault);
		this.bench.metrics().baseline(this.bench.consumers());
		return running;
	}

	/** Waits (bounded) until a condition of the scenario holds, e.g. a fault has shown its effect. */
	static void awaitUntil(Duration atMost, BooleanSupplier condition) {
		await().atMost(atMost).pollInterval(Duration.ofMillis(250)).until(condition::getAsBoolean);
	}

	static double secondsSince(long nanoTime) {
		return Math.round((System.nanoTime() - nanoTime) / 1e8) / 10.0;
	}

	/** Heals, waits until every 2xx callback is deducted or terminal, checks I1–I5 and reports. */
	FaultReport.Scenario finish(Running running) {
		if (running.load != null) {
			running.awaitLoadFinished();
			running.counted(running.load.payments(), running.load.requests.get(),
					running.load.duplicateCallbacks.get());
			running.note("load: " + running.load);
		}
		long healing = System.nanoTime();
		List<String> healed = this.bench.heal();
		if (!healed.isEmpty()) {
			running.note("healed in " + secondsSince(healing) + " s: " + String.join(", ", healed));
		}
		Scope scope = running.scope;
		long settling = System.nanoTime();
		try {
			await().atMost(SETTLE_TIMEOUT).pollInterval(Duration.ofSeconds(1))
				.until(() -> this.bench.invariants()
					.nothingLost(scope.prefix(), scope.answered2xx(), this.bench.terminalKeys(scope))
					.holds());
		}
		catch (org.awaitility.core.ConditionTimeoutException ex) {
			running.note("did not settle within " + SETTLE_TIMEOUT);
		}
		running.note("settled in " + secondsSince(settling) + " s");
		this.bench.metrics().scrape(this.bench.consumers());
		List<Invariants.Result> results = this.bench.invariants().check(scope, this.bench.events(scope),
				this.bench.terminalKeys(scope));
		FaultReport.Scenario scenario = new FaultReport.Scenario(scope.name(), running.fault, running.payments,
				running.callbacks, running.duplicateCallbacks, this.bench.invariants().gatewayDuplicates(scope.prefix()),
				this.bench.metrics().counted(), this.bench.metrics().outcome("DUPLICATE"),
				this.bench.metrics().outcome("RETRY"), this.bench.terminalKeys(scope).size(),
				this.bench.invariants().deductionCount(scope.prefix()),
				secondsSince(running.startedAt), results,
				String.join("; ", running.notes));
		this.report.add(scenario);
		return scenario;
	}

}
