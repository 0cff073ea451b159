package io.payonce.e2e.faults;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;

/**
 * Drives signed callbacks at a steady rate, as the payment platform would: a pacing thread releases one payment
 * every {@code 1/rate} seconds to a pool of senders; every payment whose index ends in 0, 1 or 2 (30 %) is
 * called back a second time, alternately at once in parallel and after the first answer. Like the platform, a
 * sender retries a 5xx or a refused connection (a restarting database, a gateway that is not up) with a short
 * back-off until it gets an answer; only 2xx answers count as accepted (invariant I3).
 */
final class LoadGenerator implements AutoCloseable {

	/** Share of payments called back twice. */
	static final int DUPLICATES_PER_TEN = 3;

	private static final Duration SEND_DEADLINE = Duration.ofMinutes(3);

	private final CallbackClient callbacks;

	private final ExecutorService senders;

	LoadGenerator(CallbackClient callbacks, int threads) {
		this.callbacks = callbacks;
		this.senders = Executors.newFixedThreadPool(threads, runnable -> {
			Thread thread = new Thread(runnable, "e2e-load");
			thread.setDaemon(true);
			return thread;
		});
	}

	/** Starts sending in the background and returns at once. */
	Run start(Scope scope, List<PayCallback> payments, int paymentsPerSecond) {
		Run run = new Run(scope, payments.size());
		Thread pacer = new Thread(() -> pace(run, payments, paymentsPerSecond), "e2e-load-pacer-" + scope.name());
		pacer.setDaemon(true);
		pacer.start();
		return run;
	}

	private void pace(Run run, List<PayCallback> payments, int paymentsPerSecond) {
		long interval = TimeUnit.SECONDS.toNanos(1) / paymentsPerSecond;
		long next = System.nanoTime();
		for (int i = 0; i < payments.size(); i++) {
			// steady-rate pacing of the load, not synchronisation
			LockSupport.parkNanos(next - System.nanoTime());
			next += interval;
			PayCallback payment = payments.get(i);
			boolean duplicate = i % 10 < DUPLICATES_PER_TEN;
			boolean parallel = duplicate && i % 2 == 0;
			if (parallel) {
				run.pendingParallel.incrementAndGet();
			}
			run.dispatched.incrementAndGet();
			this.senders.execute(() -> {
				sendUntilAnswered(run, payment);
				if (duplicate && !parallel) {
					run.duplicateCallbacks.incrementAndGet();
					sendUntilAnswered(run, payment);
				}
				run.done.incrementAndGet();
			});
			if (parallel) {
				run.duplicateCallbacks.incrementAndGet();
				this.senders.execute(() -> {
					sendUntilAnswered(run, payment);
					run.pendingParallel.decrementAndGet();
				});
			}
		}
	}

	private void sendUntilAnswered(Run run, PayCallback payment) {
		long deadline = System.nanoTime() + SEND_DEADLINE.toNanos();
		long backoffMillis = 100;
		while (System.nanoTime() < deadline) {
			run.requests.incrementAndGet();
			try {
				CallbackResponse response = this.callbacks.send(payment);
				if (response.status() >= 200 && response.status() < 300) {
					run.scope.answered2xx(payment.orderNo());
					if (response.body().contains("DUPLICATE")) {
						run.duplicateAnswers.incrementAndGet();
					}
					return;
				}
				if (response.status() < 500) {
					run.refused.incrementAndGet();
					return;
				}
				run.unavailable.incrementAndGet();
			}
			catch (UncheckedIOException ex) {
				run.unavailable.incrementAndGet();
			}
			// the platform's retry back-off
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoffMillis));
			backoffMillis = Math.min(2000, backoffMillis * 2);
		}
		run.gaveUp.incrementAndGet();
	}

	@Override
	public void close() {
		this.senders.shutdownNow();
	}

	/** Counters of one load run. */
	static final class Run {

		private final Scope scope;

		private final int payments;

		final AtomicInteger dispatched = new AtomicInteger();

		final AtomicInteger done = new AtomicInteger();

		final AtomicInteger pendingParallel = new AtomicInteger();

		final AtomicInteger requests = new AtomicInteger();

		final AtomicInteger duplicateCallbacks = new AtomicInteger();

		final AtomicInteger duplicateAnswers = new AtomicInteger();

		final AtomicInteger unavailable = new AtomicInteger();

		final AtomicInteger refused = new AtomicInteger();

		final AtomicInteger gaveUp = new AtomicInteger();

		private Run(Scope scope, int payments) {
			this.scope = scope;
			this.payments = payments;
		}

		int payments() {
			return this.payments;
		}

		/** Share of the payments released so far, 0 to 1. */
		double progress() {
			return this.dispatched.get() / (double) this.payments;
		}

		boolean finished() {
			return this.done.get() == this.payments && this.pendingParallel.get() == 0;
		}

		@Override
		public String toString() {
			return this.scope.name() + ": " + this.done + "/" + this.payments + " payments, " + this.requests
					+ " requests, " + this.duplicateCallbacks + " duplicate callbacks (" + this.duplicateAnswers
					+ " answered DUPLICATE), " + this.unavailable + " 5xx/refused connections retried, "
					+ this.refused + " 4xx, " + this.gaveUp + " given up";
		}

	}

}
