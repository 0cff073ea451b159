package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.domain.IntakeOutcome.Result;
import io.payonce.gateway.callback.domain.IntakeOutcome.Rule;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.payonce.gateway.callback.domain.PaymentFixture.aCallback;
import static io.payonce.gateway.callback.domain.PaymentFixture.withOrderNo;
import static io.payonce.gateway.callback.domain.PaymentFixture.withPayNo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The intake's decisions for a group commit's batch, with the in-memory store (its transactions one at a time, like
 * a database's locks would order them): new payments share one transaction, one insert and one append; anything
 * else is decided by the single path, as without group commit.
 */
class GroupCommitDecisionsTest {

	private final InMemoryPayments db = new InMemoryPayments();

	private final CallbackIntake intake = new CallbackIntake(this.db, this.db, this.db,
			Clock.fixed(Instant.parse("2026-09-28T02:00:15Z"), ZoneOffset.UTC), UUID::randomUUID,
			new GroupCommit.Settings(4, Duration.ofSeconds(30), 1), (work) -> new Thread(work, "test-writer"),
			new NoObserver());

	private final ExecutorService callers = Executors.newFixedThreadPool(4);

	@AfterEach
	void stop() {
		this.intake.close();
		this.callers.shutdownNow();
	}

	@Test
	void newPaymentsOfABatchShareOneTransactionOneInsertAndOneAppend() {
		// given four new payments, each with its own trace
		List<PaymentCallback> callbacks = List.of(payment("1"), payment("2"), payment("3"), payment("4"));

		// when they come together
		List<IntakeOutcome> outcomes = receiveTogether(callbacks);

		// then each is accepted as a new payment with an event of its own, carrying its own trace
		assertThat(outcomes).allSatisfy((o) -> {
			assertThat(o.result()).isEqualTo(Result.ACCEPTED);
			assertThat(o.rule()).isEqualTo(Rule.NEW_PAYMENT);
			assertThat(o.published()).isTrue();
		});
		for (int i = 0; i < callbacks.size(); i++) {
			PaymentCallback callback = callbacks.get(i);
			UUID eventId = outcomes.get(i).eventId();
			assertThat(this.db.byPayNo(callback.payNo()).eventId()).isEqualTo(eventId);
			assertThat(this.db.events).filteredOn((e) -> e.id().equals(eventId))
				.singleElement()
				.satisfies((e) -> assertThat(e.trace()).isEqualTo(traceOf(callback)));
		}
		// and all of it took one transaction, one insert and one append
		assertThat(this.db.transactions).isEqualTo(1);
		assertThat(this.db.calls).containsExactly("insert all", "append all");
	}

	@Test
	void aTakenKeyOrAPaymentTwiceInTheBatchIsDecidedOnTheSinglePathAndTheOthersAreRecorded() {
		// given a payment recorded before
		PaymentCallback recorded = payment("recorded");
		this.db.otherTransactionCommits(recorded, PaymentKind.PRIMARY);
		PaymentCallback fresh = payment("fresh");
		PaymentCallback other = payment("other");

		// when one batch brings a new payment twice, the recorded one again, and another new payment
		List<IntakeOutcome> outcomes = receiveTogether(List.of(fresh, recorded, other, fresh));

		// then the recorded one is its duplicate, the new ones accepted, and the new one twice accepted once
		assertThat(outcomes.get(1).result()).isEqualTo(Result.DUPLICATE);
		assertThat(outcomes.get(2).rule()).isEqualTo(Rule.NEW_PAYMENT);
		assertThat(List.of(outcomes.get(0).result(), outcomes.get(3).result()))
			.containsExactlyInAnyOrder(Result.ACCEPTED, Result.DUPLICATE);
		assertThat(this.db.events).hasSize(2);
		assertThat(this.db.byPayNo(fresh.payNo()).duplicateCount()).isEqualTo(1);
		assertThat(this.db.byPayNo(recorded.payNo()).duplicateCount()).isEqualTo(1);
		// and the batch's one statement was refused as a whole, then each row inserted by itself
		assertThat(this.db.calls.get(0)).isEqualTo("insert all refused");
		assertThat(this.db.calls.subList(1, 5)).containsExactlyInAnyOrder("insert", "insert", "insert refused",
				"append all");
	}

	/** Each callback from its own caller, all in one batch (max-batch 4, a wait longer than the test). */
	private List<IntakeOutcome> receiveTogether(List<PaymentCallback> callbacks) {
		List<CompletableFuture<IntakeOutcome>> answers = new ArrayList<>();
		for (PaymentCallback callback : callbacks) {
			answers.add(CompletableFuture.supplyAsync(() -> this.intake.receive(callback, traceOf(callback)),
					this.callers));
		}
		return answers.stream().map(CompletableFuture::join).toList();
	}

	private static PaymentCallback payment(String id) {
		return withOrderNo(withPayNo(aCallback(), "PN-" + id), "P-" + id);
	}

	private static TraceContext traceOf(PaymentCallback callback) {
		String hex = "%032x".formatted(Math.abs((long) callback.payNo().hashCode()));
		return new TraceContext("00-" + hex + "-00f067aa0ba902b7-01", null);
	}

	private static final class NoObserver implements GroupCommit.Observer {

		@Override
		public void lone() {
		}

		@Override
		public void committed(int size, int decided) {
		}

		@Override
		public void unavailable(int size, StoreUnavailableException cause) {
		}

		@Override
		public void fellBack(int size, RuntimeException cause) {
		}

	}

}
