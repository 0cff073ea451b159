package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.infra.FaultProxy;
import io.payonce.infra.ManagedNode;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.PayCallback;

import static org.awaitility.Awaitility.await;

/**
 * The frame of every scenario: seed, baseline the counters, drive the load, inject the fault and PROVE it
 * happened, check that the services are healthy within {@link FaultBench#RECOVERY_TIMEOUT} of the fault's end
 * (nobody restarts a running process: only the supervisor restarts one that exited), wait until nothing is in
 * flight, check I1–I6 and add the scenario to the report. Waits are bounded (Awaitility); a run that does not
 * settle in time is reported with its violations, not hung.
 */
final class ScenarioRunner {

	static final BigDecimal OPENING_BALANCE = new BigDecimal("100.00");

	static final BigDecimal AMOUNT = PaymentFixture.DEFAULT_AMOUNT;

	/** How long the pipeline may take to drain once the faults healed (a loaded two-core machine). */
	static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(4);

	private final FaultBench bench;

	private final FaultReport report;

	/** Payments per load scenario ({@code -Dpayonce.faults.payments}). */
	final int paymentsPerScenario = Integer.getInteger("payonce.faults.payments", 520);

	/** Steady callback rate of the load ({@code -Dpayonce.faults.rate}, payments per second). */
	final int rate = Integer.getInteger("payonce.faults.rate", 160);

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

		final List<String> proofs = new ArrayList<>();

		final List<String> unproven = new ArrayList<>();

		LoadGenerator.Run load;

		/** The callbacks of the load, in the order they are released. */
		List<PayCallback> loadPayments = List.of();

		int payments;

		int callbacks;

		int duplicateCallbacks;

		/** When the fault ended (its dependency back, its link healed); the recovery clock starts here. */
		long healedAt;

		Running(Scope scope, String fault) {
			this.scope = scope;
			this.fault = fault;
		}

		/** Seeds {@code count} payable orders and starts sending their callbacks at the steady rate. */
		LoadGenerator.Run startLoad(int count) {
			return startLoad(ScenarioRunner.this.bench.seeder().payableOrders(this.scope, count, OPENING_BALANCE, AMOUNT),
					ScenarioRunner.this.bench.callbacks(), payment -> {
					});
		}

		/** Starts sending these callbacks (their accounts and orders seeded or not, as the scenario needs). */
		LoadGenerator.Run startLoad(List<PayCallback> payments, CallbackClient client, Consumer<PayCallback> beforeSend) {
			return startLoad(payments, ScenarioRunner.this.rate, client, beforeSend);
		}

		LoadGenerator.Run startLoad(List<PayCallback> payments, int paymentsPerSecond, CallbackClient client,
				Consumer<PayCallback> beforeSend) {
			return startLoad(payments, paymentsPerSecond, client::send, beforeSend);
		}

		LoadGenerator.Run startLoad(List<PayCallback> payments, int paymentsPerSecond, LoadGenerator.Sender client,
				Consumer<PayCallback> beforeSend) {
			this.loadPayments = List.copyOf(payments);
			this.load = ScenarioRunner.this.bench.load().start(this.scope, payments, paymentsPerSecond, client,
					beforeSend);
			return this.load;
		}

		/** Waits (bounded) until this share of the load has been released. */
		void awaitLoad(double share) {
			await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(50))
				.until(() -> this.load.progress() >= share);
		}

		void awaitLoadFinished() {
			await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(250)).until(this.load::finished);
		}

		void note(String note) {
			this.notes.add(note);
		}

		/**
		 * Records the proof that the fault happened; a {@code false} condition makes the scenario fail as "fault
		 * not proven", whatever the invariants say.
		 */
		void prove(boolean happened, String proof) {
			(happened ? this.proofs : this.unproven).add(proof);
		}

		/** The proof of a kill -9. */
		void prove(FaultBench.Crash crash) {
			prove(crash.proven(), crash.toString());
		}

		/** The fault is over: its node is back, its link healed. */
		void healed() {
			this.healedAt = System.nanoTime();
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
		this.bench.drainRestarts();
		return running;
	}

	/** Waits (bounded) until a condition of the scenario holds, e.g. a fault has shown its effect. */
	static void awaitUntil(Duration atMost, BooleanSupplier condition) {
		await().atMost(atMost).pollInterval(Duration.ofMillis(250)).until(condition::getAsBoolean);
	}

	static double secondsSince(long nanoTime) {
		return Math.round((System.nanoTime() - nanoTime) / 1e8) / 10.0;
	}

	/** Nodes the scenario must have brought back itself; a node left down fails the scenario. */
	private List<String> nodesLeftDown() {
		List<String> down = new ArrayList<>();
		List<ManagedNode> nodes = List.of(this.bench.stack().mariaDb(), this.bench.stack().redis(),
				this.bench.stack().kafka());
		for (ManagedNode node : nodes) {
			if (!node.isRunning()) {
				down.add(node.getClass().getSimpleName());
				// started again only so that the next scenario has a stack; this one has failed
				node.start();
			}
		}
		for (FaultProxy link : this.bench.links().all()) {
			if (link.isPartitioned()) {
				down.add(link.name() + " (still partitioned)");
				link.heal();
			}
		}
		return down;
	}

	/**
	 * Checks health within the recovery time (no restarts of running processes), waits until every 2xx callback
	 * is deducted or terminal, checks I1–I6 and reports.
	 */
	FaultReport.Scenario finish(Running running) {
		if (running.load != null) {
			running.awaitLoadFinished();
			running.counted(running.load.payments(), running.load.requests.get(), running.load.duplicateCallbacks.get());
			running.note("load: " + running.load);
		}
		List<String> leftDown = nodesLeftDown();
		if (!leftDown.isEmpty()) {
			running.note("LEFT BROKEN by the scenario: " + leftDown);
		}
		if (running.healedAt == 0) {
			running.healed();
		}
		List<String> unhealthy = this.bench.awaitWhole(running.healedAt + FaultBench.RECOVERY_TIMEOUT.toNanos());
		String recovery = unhealthy.isEmpty()
				? "every service healthy " + secondsSince(running.healedAt) + " s after the fault ended (limit "
						+ FaultBench.RECOVERY_TIMEOUT.toSeconds() + " s)"
				: "NOT healthy " + FaultBench.RECOVERY_TIMEOUT.toSeconds() + " s after the fault ended: " + unhealthy;
		Scope scope = running.scope;
		long settling = System.nanoTime();
		try {
			// settled: every accepted payment deducted in the database or terminal (I3), and its outcome event on
			// the topics (what I6 judges; pay.deducted travels through the relay, after the database)
			await().atMost(SETTLE_TIMEOUT).pollInterval(Duration.ofSeconds(1))
				.until(() -> this.bench.invariants()
					.nothingLost(scope.prefix(), scope.answered2xx(), this.bench.terminalKeys(scope))
					.holds()
						&& this.bench.invariants().everyAcceptedPaymentArrived(scope.answered(), this.bench.observed(scope)));
		}
		catch (org.awaitility.core.ConditionTimeoutException ex) {
			running.note("did not settle within " + SETTLE_TIMEOUT);
		}
		running.note("settled in " + secondsSince(settling) + " s");
		this.bench.metrics().scrape(this.bench.consumers());
		List<Invariants.Result> results = this.bench.invariants().check(scope, this.bench.observed(scope));
		List<FaultBench.Restart> restarts = this.bench.drainRestarts();
		List<String> proofs = new ArrayList<>(running.proofs);
		running.unproven.forEach(missing -> proofs.add("NOT PROVEN: " + missing));
		boolean proven = !running.proofs.isEmpty() && running.unproven.isEmpty();
		FaultReport.Scenario scenario = new FaultReport.Scenario(scope.name(), running.fault, String.join("; ", proofs),
				proven, running.payments, running.callbacks, running.duplicateCallbacks,
				this.bench.invariants().gatewayDuplicates(scope.prefix()), this.bench.metrics().counted(),
				this.bench.metrics().outcome("DUPLICATE"), this.bench.metrics().outcome("RETRY"),
				this.bench.terminalKeys(scope).size(), this.bench.invariants().deductionCount(scope.prefix()),
				secondsSince(running.startedAt), results, recovery, unhealthy.isEmpty() && leftDown.isEmpty(),
				restarts.stream().map(FaultBench.Restart::toString).toList(),
				(int) restarts.stream().filter(restart -> !restart.expected() || restart.failure() != null).count(),
				String.join("; ", running.notes));
		this.report.add(scenario);
		return scenario;
	}

}
