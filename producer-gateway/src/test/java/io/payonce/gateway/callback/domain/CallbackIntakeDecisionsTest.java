package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import java.math.BigDecimal;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.Topic;
import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.domain.IntakeOutcome.Result;
import io.payonce.gateway.callback.domain.IntakeOutcome.Rule;
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
		assertThat(outcome.rule()).isEqualTo(Rule.NEW_PAYMENT);
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
	void theCallbacksTraceContextIsWrittenWithItsEvent() {
		// given the callback's span
		TraceContext trace = TraceContext.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "congo=t61");

		// when
		this.intake.receive(aCallback(), trace);

		// then the outbox row carries it, in the payment's transaction
		assertThat(this.db.events).singleElement().extracting(OutboxEvent::trace).isEqualTo(trace);
		assertThat(this.db.transactions).isEqualTo(1);
	}

	@Test
	void aSecondPaymentsEventCarriesTheTraceContextOfItsOwnCallback() {
		// given the order's payment, received in one trace
		this.intake.receive(aCallback(), TraceContext.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
				null));
		TraceContext second = TraceContext.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00", null);

		// when the platform charges again, in another trace
		this.intake.receive(withPayNo(aCallback(), "PN-SECOND"), second);

		// then the DuplicatePayment belongs to the second callback's trace
		assertThat(this.db.events).hasSize(2).last().satisfies((event) -> {
			assertThat(event.type()).isEqualTo(EventType.DUPLICATE_PAYMENT.wireName());
			assertThat(event.trace()).isEqualTo(second);
		});
	}

	@Test
	void aCallbackWithoutTraceContextWritesItsEventWithoutOne() {
		// when
		this.intake.receive(aCallback());

		// then
		assertThat(this.db.events).singleElement().extracting(OutboxEvent::trace).isEqualTo(TraceContext.NONE);
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
	void payNoOfOneOrderSentForAnotherConflictsAndWritesNothing() {
		// given two payments
		this.intake.receive(aCallback());
		this.intake.receive(withOrderNo(withPayNo(aCallback(), "PN-OTHER"), "P-OTHER"));
		List<StoredPayment> rowsBefore = List.copyOf(this.db.rows);
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);

		// when a callback pairs the first one's orderNo with the second one's payNo
		IntakeOutcome outcome = this.intake.receive(withPayNo(aCallback(), "PN-OTHER"));

		// then the payNo is bound to its own order: the same payNo with another orderNo
		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("orderNo");
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
		assertThat(second.rule()).as("found by uk_pay_no, same content").isEqualTo(Rule.SAME_PAYMENT);
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
	void secondPaymentForAPaidOrderIsRecordedInItsOwnRowWithOneDuplicatePaymentEvent() {
		// given the order's payment
		IntakeOutcome first = this.intake.receive(aCallback());
		StoredPayment firstRow = this.db.rows.get(0);
		this.db.calls.clear();

		// when the platform charges the user a second time for the same order (another payNo)
		IntakeOutcome second = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then it is recorded as a payment owed back beside the first: found in one transaction, written (row and
		// event together) in a second one that holds no lock of the refused insert
		assertThat(second.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(second.published()).isTrue();
		assertThat(second.firstPayNo()).isEqualTo("PN20260928001");
		assertThat(second.rule()).isEqualTo(Rule.ORDER_HELD_BY_ANOTHER_PAYMENT);
		assertThat(this.db.calls).containsExactly("insert refused", "read", "insert", "append");
		assertThat(this.db.transactions).isEqualTo(3);
		assertThat(this.db.rows).hasSize(2).first().isEqualTo(firstRow);
		assertThat(this.db.byPayNo("PN-SECOND")).satisfies((row) -> {
			assertThat(row.kind()).isEqualTo(PaymentKind.DUPLICATE);
			assertThat(row.eventId()).isEqualTo(second.eventId());
		});
		assertThat(this.db.findByOrderNo("P20260928001")).hasValueSatisfying(
				(holder) -> assertThat(holder.eventId()).isEqualTo(first.eventId()));
		// and its one event is a DuplicatePayment to pay.refund-required, keyed by the order
		assertThat(this.db.events).hasSize(2).last().satisfies((event) -> {
			assertThat(event.id()).isEqualTo(second.eventId());
			assertThat(event.aggregateType()).isEqualTo(Topic.PAY_REFUND_REQUIRED.topicName());
			assertThat(event.aggregateId()).isEqualTo("P20260928001");
			assertThat(event.type()).isEqualTo(EventType.DUPLICATE_PAYMENT.wireName());
			assertThat(EventCodec.decode(DuplicatePayment.class, event.payload().getBytes()))
				.isEqualTo(new DuplicatePayment("PN-SECOND", "P20260928001", 10086L, new BigDecimal("199.00"), "CNY",
						Instant.parse("2026-09-28T02:00:12Z"), "PN20260928001", DuplicatePayment.Detector.GATEWAY));
		});
	}

	@Test
	void theSameSecondPaymentAgainIsAnsweredTheSameAndOnlyCounted() {
		// given a recorded second payment
		this.intake.receive(aCallback());
		IntakeOutcome recorded = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);

		// when the platform re-sends its callback, even re-stamped
		IntakeOutcome again = this.intake.receive(withPaidAt(withPayNo(aCallback(), "PN-SECOND"),
				Instant.parse("2026-09-28T02:05:00Z")));

		// then
		assertThat(again.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(again.published()).isFalse();
		assertThat(again.eventId()).isEqualTo(recorded.eventId());
		assertThat(again.firstPayNo()).isEqualTo("PN20260928001");
		assertThat(this.db.events).isEqualTo(eventsBefore);
		assertThat(this.db.rows).hasSize(2);
		assertThat(this.db.byPayNo("PN-SECOND").duplicateCount()).isEqualTo(1);
		assertThat(this.db.byPayNo("PN20260928001").duplicateCount()).isZero();
	}

	@Test
	void secondPaymentOfAnotherAmountOrUserIsOwedBackAsCharged() {
		// given
		this.intake.receive(aCallback());

		// when the second charge differs from the first (another amount, another paying user)
		PaymentCallback other = new PaymentCallback("PN-SECOND", "P20260928001", 20002L, new BigDecimal("5.00"),
				"USD", PaymentCallback.SUCCESS, Instant.parse("2026-09-28T03:00:00Z"));
		IntakeOutcome outcome = this.intake.receive(other);

		// then it is still money we owe back, as much and to whom it was charged
		assertThat(outcome.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(EventCodec.decode(DuplicatePayment.class, this.db.events.get(1).payload().getBytes()))
			.isEqualTo(other.toDuplicateOf("PN20260928001"));
	}

	@Test
	void samePayNoOfASecondPaymentWithOtherContentConflictsAndWritesNothing() {
		// given
		this.intake.receive(aCallback());
		this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));
		List<StoredPayment> rowsBefore = List.copyOf(this.db.rows);
		List<OutboxEvent> eventsBefore = List.copyOf(this.db.events);

		// when
		IntakeOutcome outcome = this.intake.receive(withAmount(withPayNo(aCallback(), "PN-SECOND"), "1.00"));

		// then
		assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
		assertThat(outcome.conflictingFields()).containsExactly("amount");
		assertThat(this.db.rows).isEqualTo(rowsBefore);
		assertThat(this.db.events).isEqualTo(eventsBefore);
	}

	@Test
	void intermediateStatusOfASecondPaymentIsRecordedAndPublishesOnlyWithItsSuccess() {
		// given the order's payment
		this.intake.receive(aCallback());

		// when a second payment reports PROCESSING, then SUCCESS, then SUCCESS again
		IntakeOutcome processing = this.intake.receive(withStatus(withPayNo(aCallback(), "PN-SECOND"), "PROCESSING"));
		int eventsWhileProcessing = this.db.events.size();
		IntakeOutcome success = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));
		IntakeOutcome again = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then it is recorded first, owed back once it succeeded, and once only
		assertThat(processing.result()).isEqualTo(Result.ACCEPTED);
		assertThat(processing.eventId()).isNull();
		assertThat(eventsWhileProcessing).isEqualTo(1);
		assertThat(success.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(success.published()).isTrue();
		assertThat(success.rule()).isEqualTo(Rule.STATUS_BECAME_SUCCESS);
		assertThat(again.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(again.published()).isFalse();
		assertThat(again.rule()).isEqualTo(Rule.SAME_PAYMENT);
		assertThat(this.db.events).hasSize(2)
			.last()
			.satisfies((event) -> assertThat(event.type()).isEqualTo(EventType.DUPLICATE_PAYMENT.wireName()));
		assertThat(this.db.byPayNo("PN-SECOND").kind()).isEqualTo(PaymentKind.DUPLICATE);
	}

	@Test
	void successOfAnotherPayNoPaysAnOrderWhoseFirstPaymentNeverSucceeded() {
		// given a first attempt the platform reports as still PROCESSING
		this.intake.receive(withStatus(aCallback(), "PROCESSING"));

		// when another payNo for the order succeeds
		IntakeOutcome second = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then that one pays the order (its PaySuccess), the first attempt yields the order
		assertThat(second.result()).isEqualTo(Result.ACCEPTED);
		assertThat(second.rule()).isEqualTo(Rule.TOOK_OVER_ORDER);
		assertThat(this.db.events).singleElement().satisfies((event) -> {
			assertThat(event.type()).isEqualTo(EventType.PAY_SUCCESS.wireName());
			assertThat(EventCodec.decode(PaySuccess.class, event.payload().getBytes()).payNo()).isEqualTo("PN-SECOND");
		});
		assertThat(this.db.findByOrderNo("P20260928001"))
			.hasValueSatisfying((holder) -> assertThat(holder.payNo()).isEqualTo("PN-SECOND"));
		assertThat(this.db.byPayNo("PN20260928001")).satisfies((row) -> {
			assertThat(row.kind()).isEqualTo(PaymentKind.DUPLICATE);
			assertThat(row.status()).isEqualTo("PROCESSING");
		});

		// and when the first attempt succeeds after all, it is the money owed back
		IntakeOutcome late = this.intake.receive(aCallback());
		assertThat(late.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(late.firstPayNo()).isEqualTo("PN-SECOND");
		assertThat(this.db.events).hasSize(2)
			.last()
			.satisfies((event) -> assertThat(event.type()).isEqualTo(EventType.DUPLICATE_PAYMENT.wireName()));
	}

	@Test
	void aSecondAttemptRecordedBeforeAnySuccessPaysTheOrderWhenItSucceedsFirst() {
		// given a CLOSED first attempt and a PROCESSING second one
		this.intake.receive(withStatus(aCallback(), "CLOSED"));
		this.intake.receive(withStatus(withPayNo(aCallback(), "PN-SECOND"), "PROCESSING"));
		assertThat(this.db.events).isEmpty();

		// when the second one succeeds
		IntakeOutcome success = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then it pays the order
		assertThat(success.result()).isEqualTo(Result.ACCEPTED);
		assertThat(this.db.events).singleElement()
			.satisfies((event) -> assertThat(event.type()).isEqualTo(EventType.PAY_SUCCESS.wireName()));
		assertThat(this.db.byPayNo("PN-SECOND").kind()).isEqualTo(PaymentKind.PRIMARY);
		assertThat(this.db.byPayNo("PN20260928001").kind()).isEqualTo(PaymentKind.DUPLICATE);
	}

	@Test
	void aHolderThatSucceedsWhileAnotherPayNoTakesOverKeepsTheOrder() {
		// given a PROCESSING first payment that succeeds (another gateway instance) just before our take-over
		this.intake.receive(withStatus(aCallback(), "PROCESSING"));
		StoredPayment holder = this.db.rows.get(0);
		this.db.beforeNextYield = () -> this.db.otherTransactionChanges(holder.id(),
				(p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), p.kind(), p.userId(), p.amount(),
						p.currency(), PaymentCallback.SUCCESS, p.paidAt(), p.fingerprint(), UUID.randomUUID(), 0,
						p.receivedAt(), null));
		this.db.calls.clear();

		// when another payNo succeeds
		IntakeOutcome second = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then the lost CAS was decided again: the holder paid, this one is owed back
		assertThat(second.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(second.firstPayNo()).isEqualTo("PN20260928001");
		assertThat(this.db.calls).containsExactly("insert refused", "read", "yield refused", "insert refused",
				"read", "insert", "append");
		assertThat(this.db.byPayNo("PN20260928001").kind()).isEqualTo(PaymentKind.PRIMARY);
		assertThat(this.db.events).singleElement()
			.satisfies((event) -> assertThat(event.type()).isEqualTo(EventType.DUPLICATE_PAYMENT.wireName()));
	}

	@Test
	void aSecondPaymentRecordedMeanwhileByAParallelCallbackIsAnsweredFromItsRow() {
		// given the order's payment, and a parallel callback that records the same second payment first
		this.intake.receive(aCallback());
		this.db.beforeNextDuplicateInsert = () -> this.db
			.otherTransactionCommits(withPayNo(aCallback(), "PN-SECOND"), PaymentKind.DUPLICATE);
		int eventsBefore = this.db.events.size();
		this.db.calls.clear();

		// when
		IntakeOutcome outcome = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"));

		// then its refused insert is answered from the winner's row, read in the same transaction: nothing new of ours
		assertThat(outcome.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(outcome.published()).isFalse();
		assertThat(outcome.firstPayNo()).isEqualTo("PN20260928001");
		assertThat(this.db.calls).containsExactly("insert refused", "read", "insert refused", "read", "count duplicate");
		assertThat(this.db.events).hasSize(eventsBefore);
		assertThat(this.db.rows).filteredOn((row) -> row.payNo().equals("PN-SECOND")).hasSize(1);
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
		this.db.beforeNextInsert = () -> this.db.otherTransactionCommits(aCallback(), PaymentKind.PRIMARY);

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

	@Test
	void paymentFoundByQueryTakesTheCallbacksPathAndRecordsItsSource() {
		// when: active query brings in a payment whose callback was lost
		IntakeOutcome found = this.intake.receive(aCallback(), PaymentSource.QUERY);

		// then: the order's one PaySuccess, the row marked as found by query
		assertThat(found.result()).isEqualTo(Result.ACCEPTED);
		assertThat(this.db.events).singleElement()
			.satisfies((event) -> assertThat(event.type()).isEqualTo(EventType.PAY_SUCCESS.wireName()));
		assertThat(this.db.sources).containsEntry(aCallback().payNo(), PaymentSource.QUERY);

		// when: the late callback arrives after all, and the query finds it again
		IntakeOutcome late = this.intake.receive(aCallback());
		IntakeOutcome again = this.intake.receive(aCallback(), PaymentSource.QUERY);

		// then: the same payment, nothing new, the source unchanged
		assertThat(late.result()).isEqualTo(Result.DUPLICATE);
		assertThat(again.result()).isEqualTo(Result.DUPLICATE);
		assertThat(this.db.events).hasSize(1);
		assertThat(this.db.sources).containsEntry(aCallback().payNo(), PaymentSource.QUERY);
	}

	@Test
	void secondChargeFoundOnTheStatementIsOwedBackNotDeducted() {
		// given
		this.intake.receive(aCallback());

		// when: the statement shows a second payNo for the order, never called back
		IntakeOutcome found = this.intake.receive(withPayNo(aCallback(), "PN-SECOND"), PaymentSource.STATEMENT);

		// then
		assertThat(found.result()).isEqualTo(Result.DUPLICATE_PAYMENT);
		assertThat(found.published()).isTrue();
		assertThat(this.db.events).extracting(OutboxEvent::type)
			.containsExactly(EventType.PAY_SUCCESS.wireName(), EventType.DUPLICATE_PAYMENT.wireName());
		assertThat(this.db.sources).containsEntry("PN-SECOND", PaymentSource.STATEMENT);
	}

}
