package io.payonce.gateway.callback.domain;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.payonce.contract.TraceContext;

/**
 * Group commit of the intake (issue 19): concurrent callbacks share one database transaction, so that one commit
 * (one fsync of the redo log and one of the binlog) records many payments. Each caller blocks until the commit that
 * holds its rows, and is answered only then. Rules:
 * <ul>
 * <li><b>Size and wait.</b> A writer takes what is queued, at most {@code maxBatch}. Only when that is fewer does it
 * wait for more, and never beyond {@code maxWait} after the oldest of them was submitted: no callback waits longer
 * than {@code maxWait} for company. Under load the queue fills while a batch commits, so batches grow without
 * any wait. {@code writers} threads run batches; one collects while another commits.</li>
 * <li><b>A batch of one is none:</b> a callback that found no company within the wait takes the single path, with the
 * statements it has without group commit.</li>
 * <li><b>Answered after the commit.</b> A caller gets its outcome only after {@link Decisions#together} returned,
 * i.e. after the batch transaction committed.</li>
 * <li><b>Failure fan-out.</b> A batch whose database is down, or whose commit was not confirmed
 * ({@link StoreUnavailableException}), answers that to every caller in it (503: the platform retries, and the retry
 * finds out). Any other failure of the batch (a deadlock, a lock wait, a row that fails) rolled it back: every
 * caller then takes the single path itself ({@link Decisions#alone}, today's proven one-transaction intake), so one
 * bad callback can fail only its own answer.</li>
 * <li><b>Order kept.</b> A callback the batch left to the single path (its key was taken, or it shares a payNo or an
 * order with an earlier one of the batch) runs after the commit, and after every earlier such callback of the batch
 * that shares its payNo or its order has been answered: callbacks of one payment that met in a batch are decided in
 * the order they came, as if one after the other.</li>
 * </ul>
 * The wait is measured with {@link System#nanoTime()}: a bound on a queue's wait, not a time of the domain (no
 * decision depends on it, so there is nothing for an injected {@code Clock} to make testable).
 */
public final class GroupCommit implements AutoCloseable {

	/** How often an idle writer looks whether the intake is closing. */
	private static final long IDLE_POLL_MILLIS = 100;

	/** How long {@link #close()} waits for a writer to finish the batch it holds. */
	private static final long CLOSE_WAIT_MILLIS = 30_000;

	private final Settings settings;

	private final Decisions decisions;

	private final ThreadFactory threads;

	private final Observer observer;

	private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();

	/** One writer collects at a time: the others commit meanwhile, and batches are not split between collectors. */
	private final ReentrantLock collecting = new ReentrantLock();

	private final List<Thread> writers = new ArrayList<>();

	private volatile boolean started;

	private volatile boolean closed;

	GroupCommit(Settings settings, Decisions decisions, ThreadFactory threads, Observer observer) {
		this.settings = settings;
		this.decisions = decisions;
		this.threads = threads;
		this.observer = observer;
	}

	/**
	 * Decides the request in the next batch and answers after its commit (or on the single path, see above).
	 * @throws StoreUnavailableException when the database is down, a commit unconfirmed, or the caller interrupted
	 */
	IntakeOutcome submit(Request request) {
		startWriters();
		Pending pending = new Pending(request, System.nanoTime());
		try {
			this.queue.add(pending);
			if (this.closed && this.queue.remove(pending)) {
				return this.decisions.alone(request); // closing: no writer will take it any more
			}
			Verdict verdict = await(pending);
			if (verdict.outcome() != null) {
				return verdict.outcome();
			}
			if (verdict.unavailable() != null) {
				// a fresh exception per caller: its stack is this caller's, its cause the batch's
				throw new StoreUnavailableException(verdict.unavailable().getMessage(), verdict.unavailable());
			}
			for (CompletableFuture<Void> earlier : verdict.after()) {
				earlier.join(); // completes: every caller completes its own, whatever its answer
			}
			return this.decisions.alone(request);
		}
		finally {
			pending.answered.complete(null);
		}
	}

	private static Verdict await(Pending pending) {
		try {
			return pending.verdict.get();
		}
		catch (InterruptedException ex) {
			// The batch may still commit this payment: 503 is the answer that is right either way.
			Thread.currentThread().interrupt();
			throw new StoreUnavailableException("Interrupted while its batch was being committed", ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("A verdict is never completed exceptionally", ex);
		}
	}

	private void startWriters() {
		if (this.started) {
			return;
		}
		synchronized (this.writers) {
			if (!this.started && !this.closed) {
				for (int i = 0; i < this.settings.writers(); i++) {
					Thread writer = this.threads.newThread(this::write);
					this.writers.add(writer);
					writer.start();
				}
				this.started = true;
			}
		}
	}

	private void write() {
		while (!this.closed) {
			List<Pending> batch;
			try {
				batch = collect();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			if (!batch.isEmpty()) {
				run(batch);
			}
		}
	}

	/** The next batch: what is queued, and when that is short of {@code maxBatch}, what comes within the wait. */
	private List<Pending> collect() throws InterruptedException {
		this.collecting.lockInterruptibly();
		try {
			Pending first = this.queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
			if (first == null) {
				return List.of();
			}
			int max = this.settings.maxBatch();
			List<Pending> batch = new ArrayList<>(max);
			batch.add(first);
			this.queue.drainTo(batch, max - 1);
			long deadline = first.submittedAt + this.settings.maxWait().toNanos();
			long slice = TimeUnit.MILLISECONDS.toNanos(IDLE_POLL_MILLIS);
			while (batch.size() < max && !this.closed) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					break;
				}
				Pending next = this.queue.poll(Math.min(left, slice), TimeUnit.NANOSECONDS);
				if (next != null) {
					batch.add(next);
					this.queue.drainTo(batch, max - batch.size());
				}
			}
			return batch;
		}
		finally {
			this.collecting.unlock();
		}
	}

	private void run(List<Pending> batch) {
		if (batch.size() == 1) {
			// Nothing to share: the caller takes the single path, with exactly the statements it has without group
			// commit (a duplicate would otherwise pay a refused insert and a commit here before the single path).
			this.observer.lone();
			batch.get(0).verdict.complete(Verdict.alone(List.of()));
			return;
		}
		List<Request> requests = new ArrayList<>(batch.size());
		for (Pending pending : batch) {
			requests.add(pending.request);
		}
		try {
			List<IntakeOutcome> outcomes = this.decisions.together(requests);
			this.observer.committed(batch.size(), (int) outcomes.stream().filter((o) -> o != null).count());
			answer(batch, outcomes);
		}
		catch (StoreUnavailableException ex) {
			this.observer.unavailable(batch.size(), ex);
			for (Pending pending : batch) {
				pending.verdict.complete(Verdict.unavailable(ex));
			}
		}
		catch (RuntimeException ex) {
			// rolled back: nothing of the batch was recorded, each callback is decided again on its own
			this.observer.fellBack(batch.size(), ex);
			answer(batch, Collections.nCopies(batch.size(), null));
		}
		finally {
			// Never leave a caller waiting (an Error above): what is still unanswered takes the single path.
			for (Pending pending : batch) {
				pending.verdict.complete(Verdict.alone(List.of()));
			}
		}
	}

	/** The batch's outcomes to their callers; a {@code null} outcome sends its caller the single path, in order. */
	private static void answer(List<Pending> batch, List<IntakeOutcome> outcomes) {
		Map<String, Pending> lastByPayNo = new HashMap<>();
		Map<String, Pending> lastByOrderNo = new HashMap<>();
		for (int i = 0; i < batch.size(); i++) {
			Pending pending = batch.get(i);
			IntakeOutcome outcome = outcomes.get(i);
			if (outcome != null) {
				pending.verdict.complete(Verdict.of(outcome));
				continue;
			}
			List<CompletableFuture<Void>> after = new ArrayList<>(2);
			Pending samePayNo = lastByPayNo.put(pending.request.callback().payNo(), pending);
			Pending sameOrder = lastByOrderNo.put(pending.request.callback().orderNo(), pending);
			if (samePayNo != null) {
				after.add(samePayNo.answered);
			}
			if (sameOrder != null && sameOrder != samePayNo) {
				after.add(sameOrder.answered);
			}
			pending.verdict.complete(Verdict.alone(after));
		}
	}

	/** Callbacks queued for a batch, not yet taken by a writer (for tests). */
	int queued() {
		return this.queue.size();
	}

	/** Whether {@link #close()} was called (for tests). */
	boolean closed() {
		return this.closed;
	}

	/**
	 * Stops taking batches: writers finish the batch they hold, and every callback still queued (or submitted from
	 * now on) takes the single path.
	 */
	@Override
	public void close() {
		this.closed = true;
		synchronized (this.writers) {
			for (Thread writer : this.writers) {
				try {
					writer.join(CLOSE_WAIT_MILLIS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					break;
				}
			}
		}
		List<Pending> left = new ArrayList<>();
		this.queue.drainTo(left);
		for (Pending pending : left) {
			pending.verdict.complete(Verdict.alone(List.of()));
		}
	}

	/**
	 * Group commit settings.
	 * @param maxBatch the most callbacks in one transaction
	 * @param maxWait the longest a callback waits for company before its batch is written
	 * @param writers threads writing batches, each with one database connection while it writes
	 */
	public record Settings(int maxBatch, Duration maxWait, int writers) {

		public Settings {
			if (maxBatch < 1 || writers < 1 || maxWait == null || maxWait.isNegative()) {
				throw new IllegalArgumentException(
						"Group commit needs maxBatch >= 1, writers >= 1 and maxWait >= 0, not " + maxBatch + ", "
								+ writers + ", " + maxWait);
			}
		}

	}

	/** One callback to record, as the intake receives it. */
	record Request(PaymentCallback callback, PaymentSource source, TraceContext trace) {

	}

	/** What a batch needs of the intake. */
	interface Decisions {

		/**
		 * Decides the batch in one transaction, committed when this returns.
		 * @return for each request, in order, its outcome, or {@code null} when it is to be decided on the single path
		 * after the commit
		 * @throws StoreUnavailableException the database is down or the commit unconfirmed
		 * @throws RuntimeException anything else: rolled back, nothing of the batch recorded
		 */
		List<IntakeOutcome> together(List<Request> batch);

		/** The single path: the request in a transaction (or two) of its own. */
		IntakeOutcome alone(Request request);

	}

	/** Port: what became of each batch (metrics, logs). Called on a writer thread before the callers are answered. */
	public interface Observer {

		/** A callback found no other to share a transaction with: it took the single path. */
		void lone();

		/** A batch of {@code size} callbacks committed; {@code decided} of them were answered from it. */
		void committed(int size, int decided);

		/** A batch could not be written: each of its callers is answered 503. */
		void unavailable(int size, StoreUnavailableException cause);

		/** A batch failed and was rolled back: each of its callbacks takes the single path. */
		void fellBack(int size, RuntimeException cause);

	}

	private static final class Pending {

		private final Request request;

		private final long submittedAt;

		private final CompletableFuture<Verdict> verdict = new CompletableFuture<>();

		/** Completed when the caller has its answer, whatever it is: later callbacks of its payment may go then. */
		private final CompletableFuture<Void> answered = new CompletableFuture<>();

		private Pending(Request request, long submittedAt) {
			this.request = request;
			this.submittedAt = submittedAt;
		}

	}

	/** The batch's word to one caller: its outcome, 503, or the single path after {@code after} were answered. */
	private record Verdict(IntakeOutcome outcome, StoreUnavailableException unavailable,
			List<CompletableFuture<Void>> after) {

		static Verdict of(IntakeOutcome outcome) {
			return new Verdict(outcome, null, List.of());
		}

		static Verdict unavailable(StoreUnavailableException cause) {
			return new Verdict(null, cause, List.of());
		}

		static Verdict alone(List<CompletableFuture<Void>> after) {
			return new Verdict(null, null, after);
		}

	}

}
