package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.Topic;
import io.payonce.gateway.callback.domain.IntakeOutcome.Result;
import org.junit.jupiter.api.Test;

import static io.payonce.gateway.callback.domain.PaymentFixture.aCallback;
import static io.payonce.gateway.callback.domain.PaymentFixture.withAmount;
import static io.payonce.gateway.callback.domain.PaymentFixture.withOrderNo;
import static io.payonce.gateway.callback.domain.PaymentFixture.withPaidAt;
import static io.payonce.gateway.callback.domain.PaymentFixture.withPayNo;
import static io.payonce.gateway.callback.domain.PaymentFixture.withStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The intake's decisions, with an in-memory store: one event per payment, nothing for conflicts, and the unique
 * keys asked first (a new payment is inserted without a read; a taken key is read and decided in the same
 * transaction).
 */
class CallbackIntakeDecisionsTest {

	private final InMemoryPayments db = new InMemoryPayments();

	private final CallbackIntake intake = new CallbackIntake(this.db, this.db, this.db,
			Clock.fixed(Instant.parse("2026-09-28T02:00:15Z"), ZoneOffset.UTC), UUID::randomUUID);

	@Test
	void firstSuccessCallbackIsAcceptedWithOneOutboxEvent() {
		// when
		IntakeOutcome outcome = this.intake.receive(aCallback());

		// then
		assertThat(outcome.result()).isEqualTo(Result.ACCEPTED);
		assertThat(this.db.events).singleElement().satisfies((event) -> {
			assertThat(event.id()).isEqualTo(outcome.eventId());
			assertThat(event.aggregateType()).isEqualTo(Topic.PAY_SUCCESS.topicName());
			assertThat(event.aggregateId()).isEqualTo("P20260928001");
			assertThat(event.type()).isEqualTo(EventType.PAY_SUCCESS.wireName());
			assertThat(EventCodec.decode(PaySuccess.class, event.payload().getBytes()))
				.isEqualTo(aCallback().toEvent());
		});
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.eventId()).isEqualTo(outcome.eventId()));
	}

	@Test
	void newPaymentIsInsertedWithoutReadingFirst() {
		// when
		this.intake.receive(aCallback());

		// then the unique keys decided: no read, one transaction
		assertThat(this.db.calls).containsExactly("insert", "append");
		assertThat(this.db.transactions).isEqualTo(1);
	}

	@Test
	void duplicateIsReadAfterTheRefusedInsertAndOnlyCounted() {
		// given
		IntakeOutcome first = this.intake.receive(aCallback());
		StoredPayment before = this.db.rows.get(0);
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);
		this.db.calls.clear();

		// when
		IntakeOutcome again = this.intake.receive(aCallback());

		// then answered from the row that holds the key, in the same transaction
		assertThat(again.result()).isEqualTo(Result.DUPLICATE);
		assertThat(again.eventId()).isEqualTo(first.eventId());
		assertThat(this.db.calls).containsExactly("insert refused", "read", "count duplicate");
		assertThat(this.db.transactions).isEqualTo(2);
		assertThat(this.db.events).isEqualTo(eventsBefore);
		assertThat(this.db.rows).singleElement().satisfies((row) -> {
			assertThat(row.duplicateCount()).isEqualTo(1);
			assertThat(row).usingRecursiveComparison()
				.ignoringFields("duplicateCount", "lastDuplicateAt")
				.isEqualTo(before);
		});
	}

	@Test
	void conflictIsReadAfterTheRefusedInsertAndWritesNothing() {
		// given
		this.intake.receive(aCallback());
		List<StoredPayment> rowsBefore = List.copyOf(this.db.rows);
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);
		this.db.calls.clear();

		// when
		IntakeOutcome outcome = this.intake.receive(withAmount(aCallback(), "1.00"));

		// then
		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("amount");
		assertThat(this.db.calls).containsExactly("insert refused", "read");
		assertThat(this.db.rows).isEqualTo(rowsBefore);
		assertThat(this.db.events).isEqualTo(eventsBefore);
	}

	@Test
	void orderNoOfOnePaymentWithPayNoOfAnotherConflictsAndWritesNothing() {
		// given two payments
		this.intake.receive(aCallback());
		this.intake.receive(withOrderNo(withPayNo(aCallback(), "PN-OTHER"), "P-OTHER"));
		List<StoredPayment> rowsBefore = List.copyOf(this.db.rows);
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);

		// when a callback pairs the first one's orderNo with the second one's payNo
		IntakeOutcome outcome = this.intake.receive(withPayNo(aCallback(), "PN-OTHER"));

		// then
		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("payNo", "orderNo");
		assertThat(this.db.rows).isEqualTo(rowsBefore);
		assertThat(this.db.events).isEqualTo(eventsBefore);
	}

	@Test
	void takenKeyWhoseHolderCannotBeReadIsDecidedAgainNotGuessed() {
		// given
		IntakeOutcome first = this.intake.receive(aCallback());
		this.db.calls.clear();
		this.db.readsMissingRows = 1;

		// when
		IntakeOutcome again = this.intake.receive(aCallback());

		// then the first attempt was rolled back, the second read the holder
		assertThat(again.result()).isEqualTo(Result.DUPLICATE);
		assertThat(again.eventId()).isEqualTo(first.eventId());
		assertThat(this.db.calls).containsExactly("insert refused", "read", "insert refused", "read",
				"count duplicate");
		assertThat(this.db.transactions).isEqualTo(3);
		assertThat(this.db.events).hasSize(1);
	}

	@Test
	void sameCallbackAgainIsDuplicateAndCountedWithoutNewEvent() {
		// given
		IntakeOutcome first = this.intake.receive(aCallback());

		// when the platform re-sends it, even re-stamped
		IntakeOutcome second = this.intake.receive(withPaidAt(aCallback(), Instant.parse("2026-09-28T02:01:00Z")));
		IntakeOutcome third = this.intake.receive(withAmount(aCallback(), "199.0"));

		// then
		assertThat(second.result()).isEqualTo(Result.DUPLICATE);
		assertThat(third.result()).isEqualTo(Result.DUPLICATE);
		assertThat(second.eventId()).isEqualTo(first.eventId());
		assertThat(this.db.events).hasSize(1);
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.duplicateCount()).isEqualTo(2));
	}

	@Test
	void sameOrderWithDifferentAmountConflictsAndWritesNothing() {
		// given
		this.intake.receive(aCallback());

		// when
		IntakeOutcome outcome = this.intake.receive(withAmount(aCallback(), "1.00"));

		// then
		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("amount");
		assertThat(this.db.events).hasSize(1);
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.duplicateCount()).isZero());
	}

	@Test
	void sameOrderWithAnotherPayNoConflicts() {
		this.intake.receive(aCallback());

		IntakeOutcome outcome = this.intake.receive(withPayNo(aCallback(), "PN-OTHER"));

		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("payNo");
		assertThat(this.db.events).hasSize(1);
	}

	@Test
	void nonSuccessStatusIsRecordedWithoutEvent() {
		IntakeOutcome outcome = this.intake.receive(withStatus(aCallback(), "CLOSED"));

		assertThat(outcome.result()).isEqualTo(Result.ACCEPTED);
		assertThat(outcome.eventId()).isNull();
		assertThat(this.db.events).isEmpty();
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.status()).isEqualTo("CLOSED"));
	}

	@Test
	void successAfterAnIntermediateStatusPublishesTheOneEvent() {
		// given
		this.intake.receive(withStatus(aCallback(), "PROCESSING"));

		// when
		IntakeOutcome outcome = this.intake.receive(aCallback());
		IntakeOutcome again = this.intake.receive(aCallback());

		// then
		assertThat(outcome.result()).isEqualTo(Result.ACCEPTED);
		assertThat(again.result()).isEqualTo(Result.DUPLICATE);
		assertThat(this.db.events).singleElement().satisfies((e) -> assertThat(e.id()).isEqualTo(outcome.eventId()));
	}

	@Test
	void statusGoingBackFromSuccessConflicts() {
		this.intake.receive(aCallback());

		IntakeOutcome outcome = this.intake.receive(withStatus(aCallback(), "CLOSED"));

		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("status");
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.status()).isEqualTo("SUCCESS"));
	}

	@Test
	void lostInsertRaceIsAnsweredFromTheWinnersRow() {
		// given a parallel callback that commits the same payment just before our insert
		this.db.beforeNextInsert = () -> this.db.otherTransactionCommits(aCallback());

		// when
		IntakeOutcome outcome = this.intake.receive(aCallback());

		// then our insert was refused and the same transaction read the winner's row: duplicate, no event of ours
		assertThat(outcome.result()).isEqualTo(Result.DUPLICATE);
		assertThat(this.db.events).isEmpty();
		assertThat(this.db.rows).singleElement().satisfies((row) -> assertThat(row.duplicateCount()).isEqualTo(1));
		assertThat(this.db.calls).containsExactly("insert refused", "read", "count duplicate");
		assertThat(this.db.transactions).isEqualTo(1);
	}

	@Test
	void racesThatNeverSettleAreUnavailableNotAccepted() {
		// given a store where every write loses a race
		Transactions alwaysContended = new Transactions() {
			@Override
			public <T> T inTransaction(java.util.function.Supplier<T> work) {
				throw new ConcurrentWriteException("deadlock", null);
			}
		};
		CallbackIntake contended = new CallbackIntake(this.db, this.db, alwaysContended, Clock.systemUTC(),
				UUID::randomUUID);

		// when / then
		assertThatThrownBy(() -> contended.receive(aCallback())).isInstanceOf(StoreUnavailableException.class);
	}

}
