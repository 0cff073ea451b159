package io.payonce.e2e.faults;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;

/**
 * Drives signed callbacks at a steady rate, as the payment platform would: a pacing thread releases one payment
 * every {@code 1/rate} seconds to a pool of senders; every payment whose index ends in 0, 1 or 2 (30 %) is
 * called back a second time, alternately at once in parallel and after the first answer. Like the platform, a
 * sender retries a 5xx or a refused connection with a short back-off until it gets an answer; only 2xx answers
 * count as accepted (invariants I3 and I6). Every answer is counted by status, and the time of each 5xx is kept,
 * so that a scenario can prove the gateway answered 503 while its database was away.
 */
final class LoadGenerator implements AutoCloseable {

	/** Share of payments called back twice. */
	static final int DUPLICATES_PER_TEN = 3;

	private static final Duration SEND_DEADLINE = Duration.ofMinutes(3);

	/** The status counted for a callback the gateway did not answer within the client's request timeout. */
	static final int TIMED_OUT = -1;

	private final ExecutorService senders;

	/**
	 * Where a callback goes: one gateway ({@code CallbackClient::send}) or several behind one address
	 * ({@link GatewayService}). Throws {@link UncheckedIOException} when no answer came.
	 */
	@FunctionalInterface
	interface Sender {

		CallbackResponse send(PayCallback payment);

	}

	LoadGenerator(int threads) {
		this.senders = Executors.newFixedThreadPool(threads, runnable -> {
			Thread thread = new Thread(runnable, "e2e-load");
			thread.setDaemon(true);
			return thread;
		});
	}

	/** Starts sending in the background and returns at once. */
	Run start(Scope scope, List<PayCallback> payments, int paymentsPerSecond, CallbackClient client) {
		return start(scope, payments, paymentsPerSecond, client::send, payment -> {
		});
	}

	/**
	 * Starts sending in the background and returns at once; {@code beforeSend} runs on the pacing thread right
	 * before each payment is released (e.g. to place its order concurrently).
	 */
	Run start(Scope scope, List<PayCallback> payments, int paymentsPerSecond, Sender client,
			Consumer<PayCallback> beforeSend) {
		Run run = new Run(scope, payments.size(), client);
		Thread pacer = new Thread(() -> pace(run, payments, paymentsPerSecond, beforeSend),
				"e2e-load-pacer-" + scope.name());
		pacer.setDaemon(true);
		pacer.start();
		return run;
	}

	private void pace(Run run, List<PayCallback> payments, int paymentsPerSecond, Consumer<PayCallback> beforeSend) {
		long interval = TimeUnit.SECONDS.toNanos(1) / paymentsPerSecond;
		long next = System.nanoTime();
		for (int i = 0; i < payments.size() && !run.stopped; i++) {
			// steady-rate pacing of the load, not synchronisation
			LockSupport.parkNanos(next - System.nanoTime());
			next += interval;
			PayCallback payment = payments.get(i);
			beforeSend.accept(payment);
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

	private static void sendUntilAnswered(Run run, PayCallback payment) {
		long deadline = System.nanoTime() + SEND_DEADLINE.toNanos();
		long backoffMillis = 100;
		while (System.nanoTime() < deadline) {
			run.requests.incrementAndGet();
			try {
				CallbackResponse response = run.client.send(payment);
				run.count(response.status());
				if (response.status() >= 200 && response.status() < 300) {
					run.scope.answered200(payment.payNo(), payment.orderNo(), response.body());
					if (response.body().contains("DUPLICATE")) {
						run.duplicateAnswers.incrementAndGet();
					}
					return;
				}
				if (response.status() < 500) {
					return;
				}
			}
			catch (UncheckedIOException ex) {
				// -1: no answer within the platform's request timeout; 0: refused or broken connection
				run.count(ex.getCause() instanceof java.net.http.HttpTimeoutException ? TIMED_OUT : 0);
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

	/** Counters of one load run. Status 0 stands for a connection that was refused or broke, -1 for a timeout. */
	static final class Run {

		private final Scope scope;

		private final int payments;

		private final Sender client;

		final AtomicInteger dispatched = new AtomicInteger();

		final AtomicInteger done = new AtomicInteger();

		final AtomicInteger pendingParallel = new AtomicInteger();

		final AtomicInteger requests = new AtomicInteger();

		final AtomicInteger duplicateCallbacks = new AtomicInteger();

		final AtomicInteger duplicateAnswers = new AtomicInteger();

		final AtomicInteger gaveUp = new AtomicInteger();

		private volatile boolean stopped;

		private final Map<Integer, AtomicInteger> byStatus = new ConcurrentHashMap<>();

		/** When each non-2xx answer came: status and {@link System#nanoTime()}. */
		private final Queue<long[]> failures = new ConcurrentLinkedQueue<>();

		private Run(Scope scope, int payments, Sender client) {
			this.scope = scope;
			this.payments = payments;
			this.client = client;
		}

		private void count(int status) {
			this.byStatus.computeIfAbsent(status, key -> new AtomicInteger()).incrementAndGet();
			if (status < 200 || status >= 300) {
				this.failures.add(new long[] { status, System.nanoTime() });
			}
		}

		/** Payments released: all of them, or those released before {@link #stop()}. */
		int payments() {
			return this.stopped ? this.dispatched.get() : this.payments;
		}

		/** Releases no more payments (those not released yet are never called back). */
		void stop() {
			this.stopped = true;
		}

		/** Share of the payments released so far, 0 to 1. */
		double progress() {
			return this.dispatched.get() / (double) this.payments;
		}

		boolean finished() {
			return this.done.get() == payments() && this.pendingParallel.get() == 0;
		}

		/** Answers with this status (0: refused or broken connection). */
		int answers(int status) {
			AtomicInteger count = this.byStatus.get(status);
			return count == null ? 0 : count.get();
		}

		/** Answers with this status between two {@link System#nanoTime()} readings. */
		long answersBetween(int status, long fromNanos, long toNanos) {
			return this.failures.stream()
				.filter(failure -> failure[0] == status && failure[1] >= fromNanos && failure[1] <= toNanos)
				.count();
		}

		@Override
		public String toString() {
			Map<Integer, Integer> statuses = new TreeMap<>();
			this.byStatus.forEach((status, count) -> statuses.put(status, count.get()));
			return this.done + "/" + this.payments + " payments, " + this.requests + " requests, "
					+ this.duplicateCallbacks + " duplicate callbacks (" + this.duplicateAnswers
					+ " answered DUPLICATE), answers by status " + statuses + " (0 = refused connection, -1 = timed out), "
					+ this.gaveUp + " given up";
		}

	}

}
