package io.payonce.simulator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.callback.CallbackDelivery;
import io.payonce.simulator.callback.CallbackSender;
import io.payonce.simulator.callback.CallbackSender.Answer;
import io.payonce.simulator.payment.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the platform's due callbacks: one loop thread takes what is due, up to {@code concurrency} attempts run
 * at once, each answer is recorded before the delivery can be taken again. Between due times the loop waits
 * for the next due time or for new work ({@link #wakeUp()}), at most {@link #MAX_IDLE} so that a clock change
 * cannot strand it.
 * <p>
 * If an attempt cannot be recorded (the journal cannot be written) the dispatcher stops: sending callbacks it
 * cannot remember would make the platform forget what it did. {@link #failure()} says why.
 */
public final class CallbackDispatcher implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(CallbackDispatcher.class);

	static final Duration MAX_IDLE = Duration.ofSeconds(1);

	private final Platform platform;

	private final CallbackSender sender;

	private final Clock clock;

	private final Semaphore slots;

	private final ExecutorService workers;

	private final Thread loop;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition work = this.lock.newCondition();

	private boolean signalled;

	private volatile boolean running = true;

	private volatile RuntimeException failure;

	public CallbackDispatcher(Platform platform, CallbackSender sender, Clock clock, int concurrency) {
		if (concurrency < 1) {
			throw new IllegalArgumentException("concurrency must be at least 1: " + concurrency);
		}
		this.platform = platform;
		this.sender = sender;
		this.clock = clock;
		this.slots = new Semaphore(concurrency);
		this.workers = Executors.newFixedThreadPool(concurrency, runnable -> {
			Thread thread = new Thread(runnable, "callback-sender");
			thread.setDaemon(true);
			return thread;
		});
		this.loop = new Thread(this::run, "callback-dispatcher");
		this.loop.setDaemon(true);
	}

	public CallbackDispatcher start() {
		this.loop.start();
		return this;
	}

	/** New work (a charge): look at the due times again now. */
	public void wakeUp() {
		this.lock.lock();
		try {
			this.signalled = true;
			this.work.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Why the dispatcher stopped, or {@code null} while it runs. */
	public RuntimeException failure() {
		return this.failure;
	}

	public boolean isRunning() {
		return this.running && this.failure == null;
	}

	/** Stops taking work and waits a little for attempts in flight; an unrecorded attempt is made again after a restart. */
	@Override
	public void close() {
		this.running = false;
		wakeUp();
		this.workers.shutdown();
		try {
			this.loop.join(Duration.ofSeconds(5).toMillis());
			if (!this.workers.awaitTermination(10, TimeUnit.SECONDS)) {
				this.workers.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.workers.shutdownNow();
		}
	}

	private void run() {
		while (isRunning()) {
			int free = this.slots.availablePermits();
			List<CallbackDelivery> due = free == 0 ? List.of() : this.platform.takeDue(free);
			for (CallbackDelivery delivery : due) {
				this.slots.acquireUninterruptibly();
				this.workers.execute(() -> attempt(delivery));
			}
			if (due.isEmpty()) {
				awaitWork();
			}
		}
	}

	private void attempt(CallbackDelivery delivery) {
		try {
			int number = delivery.attempts().size() + 1;
			Instant at = this.clock.instant();
			long started = System.nanoTime();
			Answer answer = this.sender.send(delivery.callback());
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			Attempt attempt = answer.error() == null
					? Attempt.answered(number, at, took, answer.status(), answer.body())
					: Attempt.failed(number, at, took, answer.error());
			CallbackDelivery after = this.platform.recordAttempt(delivery.id(), attempt);
			log.debug("{} attempt {}: {} -> {}", delivery.id(), number,
					answer.error() == null ? answer.status() : answer.error(), after.state());
		}
		catch (RuntimeException ex) {
			this.failure = ex;
			log.error("Callback dispatcher stopped: the attempt of {} could not be recorded", delivery.id(), ex);
		}
		finally {
			this.slots.release();
			wakeUp();
		}
	}

	private void awaitWork() {
		this.lock.lock();
		try {
			if (this.signalled) {
				this.signalled = false;
				return;
			}
			Duration wait = MAX_IDLE;
			if (this.slots.availablePermits() > 0) {
				Instant next = this.platform.nextDue().orElse(null);
				if (next != null) {
					Duration untilDue = Duration.between(this.clock.instant(), next);
					wait = untilDue.compareTo(wait) < 0 ? untilDue : wait;
				}
			}
			if (!wait.isNegative() && !wait.isZero()) {
				this.work.await(wait.toNanos(), TimeUnit.NANOSECONDS);
			}
			this.signalled = false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.running = false;
		}
		finally {
			this.lock.unlock();
		}
	}

}
