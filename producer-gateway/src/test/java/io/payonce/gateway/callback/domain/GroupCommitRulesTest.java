package io.payonce.gateway.callback.domain;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.domain.IntakeOutcome.Rule;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.payonce.gateway.callback.domain.PaymentFixture.aCallback;
import static io.payonce.gateway.callback.domain.PaymentFixture.withOrderNo;
import static io.payonce.gateway.callback.domain.PaymentFixture.withPayNo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The batching rules of {@link GroupCommit} with a fake intake (no database): size, wait, answers after the commit,
 * failure fan-out, the single path in order.
 */
class GroupCommitRulesTest {

	private final ExecutorService callers = Executors.newCachedThreadPool();

	private final FakeIntake intake = new FakeIntake();

	private GroupCommit groupCommit;

	@AfterEach
	void stop() {
		if (this.groupCommit != null) {
			this.groupCommit.close();
		}
		this.callers.shutdownNow();
	}

	@Test
	void callbacksArrivingWithinTheWaitShareOneBatchThatClosesWhenFull() {
		// given a batch of at most 3 and a wait far longer than the test
		start(3, Duration.ofSeconds(30));

		// when 3 callbacks come, one after the other
		List<CompletableFuture<IntakeOutcome>> answers = submit(request("1"), request("2"), request("3"));

		// then they are one batch, written as soon as it was full (not after the wait)
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
		assertThat(this.intake.batches).hasSize(1);
		assertThat(this.intake.batches.get(0)).containsExactlyInAnyOrder("N-1", "N-2", "N-3");
		assertThat(answers).allSatisfy((a) -> assertThat(a.join().result()).isEqualTo(IntakeOutcome.Result.ACCEPTED));
	}

	@Test
	void noBatchHoldsMoreThanMaxBatch() {
		// given batches of at most 4, and a first batch held in its transaction
		start(4, Duration.ofSeconds(30));
		CountDownLatch commit = this.intake.holdNextCommit();
		submit(request("a1"), request("a2"), request("a3"), request("a4"));
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intake.inTransaction == 1);

		// when 10 more queue up meanwhile and the first batch commits
		List<CompletableFuture<IntakeOutcome>> rest = submitQueued(
				List.of("b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"));
		commit.countDown();

		// then the queue is written in batches of 4 at once (the last 2 wait for company, up to 30 s)
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intake.batches.size() == 3);
		assertThat(this.intake.batches).extracting(List::size).containsExactly(4, 4, 4);
		assertThat(rest.subList(0, 8)).allSatisfy((a) -> assertThat(a).isDone());
		assertThat(rest.subList(8, 10)).allSatisfy((a) -> assertThat(a).isNotDone());
	}

	@Test
	void aLoneCallbackWaitsNoLongerThanMaxWait() {
		// given batches of up to 64 and a wait of 50 ms
		start(64, Duration.ofMillis(50));

		// when one callback comes and no other
		List<CompletableFuture<IntakeOutcome>> answer = submit(request("alone"));

		// then once the wait is over it takes the single path (a batch of one shares nothing)
		await().atMost(Duration.ofSeconds(5)).until(() -> answer.get(0).isDone());
		assertThat(this.intake.batches).isEmpty();
		assertThat(this.intake.alone).containsExactly("N-alone");
		assertThat(this.intake.observed).containsExactly("lone");
	}

	@Test
	void callersAreAnsweredOnlyAfterTheirBatchCommitted() {
		// given a batch whose transaction has not returned yet
		start(2, Duration.ofSeconds(30));
		CountDownLatch commit = this.intake.holdNextCommit();
		List<CompletableFuture<IntakeOutcome>> answers = submit(request("x"), request("y"));
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intake.inTransaction == 1);

		// then nobody is answered while it runs
		await().during(Duration.ofMillis(300))
			.atMost(Duration.ofSeconds(2))
			.until(() -> answers.stream().noneMatch(CompletableFuture::isDone));

		// when it commits, then both are
		commit.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
	}

	@Test
	void aBatchWithoutDatabaseAnswersEveryCaller503() {
		// given a database that is down
		start(3, Duration.ofSeconds(30));
		this.intake.together = (batch) -> {
			throw new StoreUnavailableException("Database unavailable: connection refused", null);
		};

		// when three callbacks share a batch
		List<CompletableFuture<IntakeOutcome>> answers = submit(request("d1"), request("d2"), request("d3"));

		// then each of them is told to retry, and none was tried on its own
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
		assertThat(answers).allSatisfy((a) -> assertThatThrownBy(a::join).hasCauseInstanceOf(StoreUnavailableException.class));
		assertThat(this.intake.alone).isEmpty();
		assertThat(this.intake.observed).containsExactly("unavailable 3");
	}

	@Test
	void aFailedBatchIsRolledBackAndEachCallbackDecidedOnItsOwn() {
		// given a batch that loses a deadlock
		start(3, Duration.ofSeconds(30));
		this.intake.together = (batch) -> {
			throw new ConcurrentWriteException("Lock conflict: DeadlockLoserDataAccessException", null);
		};

		// when three callbacks share it
		List<CompletableFuture<IntakeOutcome>> answers = submit(request("f1"), request("f2"), request("f3"));

		// then each is decided on the single path, and answered from there
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
		assertThat(this.intake.alone).containsExactlyInAnyOrder("N-f1", "N-f2", "N-f3");
		assertThat(answers).allSatisfy((a) -> assertThat(a.join().rule()).isEqualTo(Rule.SAME_PAYMENT));
		assertThat(this.intake.observed).containsExactly("fell back 3");
	}

	@Test
	void callbacksOfOnePaymentLeftToTheSinglePathAreDecidedInTheirOrder() {
		// given a batch that decides the first callback of a payNo and leaves the others to the single path, and a
		// single path held while it decides the second callback
		start(4, Duration.ofSeconds(30));
		PaymentCallback first = aCallback();
		this.intake.together = (batch) -> batch.stream()
			.map((r) -> r.callback().payNo().equals(first.payNo()) || r.callback().payNo().startsWith("blocker")
					? IntakeOutcome.accepted(null, Rule.NEW_PAYMENT) : null)
			.toList();
		CountDownLatch secondDecided = new CountDownLatch(1);
		this.intake.holdAlone = (payNo) -> payNo.equals("second") ? secondDecided : null;
		CountDownLatch commit = holdTheWriter();

		// when one batch holds it, a second payNo of its order, a third callback sharing that second payNo (another
		// order), and an unrelated payment
		List<CompletableFuture<IntakeOutcome>> answers = submitQueued(List.of(
				new GroupCommit.Request(first, PaymentSource.CALLBACK, TraceContext.NONE),
				new GroupCommit.Request(withPayNo(first, "second"), PaymentSource.CALLBACK, TraceContext.NONE),
				new GroupCommit.Request(withOrderNo(withPayNo(first, "second"), "other-order"), PaymentSource.CALLBACK,
						TraceContext.NONE),
				new GroupCommit.Request(withOrderNo(withPayNo(first, "unrelated"), "unrelated"), PaymentSource.CALLBACK,
						TraceContext.NONE)));
		commit.countDown();

		// then the unrelated one is decided at once; the third waits for the second, which waits for the first
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.get(0).isDone() && answers.get(3).isDone());
		await().during(Duration.ofMillis(300))
			.atMost(Duration.ofSeconds(2))
			.until(() -> !answers.get(1).isDone() && !answers.get(2).isDone());
		assertThat(this.intake.alone).containsExactlyInAnyOrder("second", "unrelated");
		secondDecided.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
		assertThat(this.intake.alone).endsWith("second");
		assertThat(this.intake.alone).containsOnlyOnce("unrelated");
		assertThat(answers.get(0).join().rule()).isEqualTo(Rule.NEW_PAYMENT);
	}

	@Test
	void callbacksStillQueuedWhenClosingTakeTheSinglePath() {
		// given a batch held in its transaction, and another callback queued behind it
		start(2, Duration.ofSeconds(30));
		CountDownLatch commit = this.intake.holdNextCommit();
		List<CompletableFuture<IntakeOutcome>> held = submit(request("held"), request("held-too"));
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intake.inTransaction == 1);
		List<CompletableFuture<IntakeOutcome>> queued = submit(request("queued"));

		// when the intake closes (the writer finishes its batch)
		CompletableFuture<Void> closing = CompletableFuture.runAsync(this.groupCommit::close, this.callers);
		await().atMost(Duration.ofSeconds(5)).until(this.groupCommit::closed);
		commit.countDown();

		// then the queued callback was decided on the single path, the held one from its batch
		await().atMost(Duration.ofSeconds(10)).until(() -> closing.isDone() && queued.get(0).isDone());
		assertThat(held.get(0).join().rule()).isEqualTo(Rule.NEW_PAYMENT);
		assertThat(this.intake.alone).containsExactly("N-queued");
	}

	private void start(int maxBatch, Duration maxWait) {
		this.groupCommit = new GroupCommit(new GroupCommit.Settings(maxBatch, maxWait, 1), this.intake,
				(work) -> new Thread(work, "test-group-commit"), this.intake);
	}

	/** A first, full batch of 4 ({@code blocker-…}) held in its transaction, so that {@link #submitQueued} can queue. */
	private CountDownLatch holdTheWriter() {
		CountDownLatch commit = this.intake.holdNextCommit();
		for (int i = 1; i <= 4; i++) {
			submit(new GroupCommit.Request(withOrderNo(withPayNo(aCallback(), "blocker-" + i), "blocker-" + i),
					PaymentSource.CALLBACK, TraceContext.NONE));
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intake.inTransaction == 1);
		return commit;
	}

	/** While the writer is held: each request queued by its own caller, in this order. */
	private List<CompletableFuture<IntakeOutcome>> submitQueued(List<?> requests) {
		List<CompletableFuture<IntakeOutcome>> answers = new ArrayList<>();
		for (Object each : requests) {
			GroupCommit.Request request = (each instanceof GroupCommit.Request r) ? r : request((String) each);
			int queuedBefore = this.groupCommit.queued();
			answers.add(CompletableFuture.supplyAsync(() -> this.groupCommit.submit(request), this.callers));
			await().atMost(Duration.ofSeconds(5)).until(() -> this.groupCommit.queued() > queuedBefore);
		}
		return answers;
	}

	/** Submits each request from its own caller thread, one after the other (each queued before the next). */
	private List<CompletableFuture<IntakeOutcome>> submit(GroupCommit.Request... requests) {
		List<CompletableFuture<IntakeOutcome>> answers = new ArrayList<>();
		for (GroupCommit.Request request : requests) {
			int queuedBefore = this.intake.submitted.size();
			answers.add(CompletableFuture.supplyAsync(() -> {
				this.intake.submitted.add(request.callback().payNo());
				return this.groupCommit.submit(request);
			}, this.callers));
			await().atMost(Duration.ofSeconds(5)).until(() -> this.intake.submitted.size() > queuedBefore);
		}
		return answers;
	}

	private static GroupCommit.Request request(String id) {
		return new GroupCommit.Request(withOrderNo(withPayNo(aCallback(), "N-" + id), "O-" + id), PaymentSource.CALLBACK,
				TraceContext.NONE);
	}

	/** Records the batches and single-path calls; answers ACCEPTED for every callback of a batch unless told. */
	private static final class FakeIntake implements GroupCommit.Decisions, GroupCommit.Observer {

		final List<List<String>> batches = new CopyOnWriteArrayList<>();

		final List<String> alone = new CopyOnWriteArrayList<>();

		final List<String> submitted = new CopyOnWriteArrayList<>();

		final List<String> observed = new CopyOnWriteArrayList<>();

		volatile int inTransaction;

		volatile Function<List<GroupCommit.Request>, List<IntakeOutcome>> together = (batch) -> Collections
			.nCopies(batch.size(), IntakeOutcome.accepted(null, Rule.NEW_PAYMENT));

		volatile Function<String, CountDownLatch> holdAlone = (payNo) -> null;

		private volatile CountDownLatch commit;

		CountDownLatch holdNextCommit() {
			this.commit = new CountDownLatch(1);
			return this.commit;
		}

		@Override
		public List<IntakeOutcome> together(List<GroupCommit.Request> batch) {
			this.inTransaction++;
			this.batches.add(batch.stream().map((r) -> r.callback().payNo()).toList());
			CountDownLatch held = this.commit;
			this.commit = null;
			if (held != null) {
				awaitLatch(held);
			}
			return this.together.apply(batch);
		}

		@Override
		public IntakeOutcome alone(GroupCommit.Request request) {
			String payNo = request.callback().payNo();
			this.alone.add(payNo);
			CountDownLatch held = this.holdAlone.apply(payNo);
			if (held != null) {
				awaitLatch(held);
			}
			return IntakeOutcome.duplicate(null);
		}

		@Override
		public void lone() {
			this.observed.add("lone");
		}

		@Override
		public void committed(int size, int decided) {
			this.observed.add("committed " + size + " " + decided);
		}

		@Override
		public void unavailable(int size, StoreUnavailableException cause) {
			this.observed.add("unavailable " + size);
		}

		@Override
		public void fellBack(int size, RuntimeException cause) {
			this.observed.add("fell back " + size);
		}

		private static void awaitLatch(CountDownLatch latch) {
			try {
				if (!latch.await(30, TimeUnit.SECONDS)) {
					throw new IllegalStateException("The test never released the latch");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

}
