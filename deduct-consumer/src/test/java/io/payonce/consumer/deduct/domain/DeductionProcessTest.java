package io.payonce.consumer.deduct.domain;

import static io.payonce.consumer.deduct.domain.Payments.aPayment;
import static io.payonce.consumer.deduct.domain.Payments.aPaymentWithAmount;
import static io.payonce.consumer.deduct.domain.Payments.aSecondPayment;
import static io.payonce.consumer.deduct.domain.Payments.anotherPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** Every branch of the "ack after the result" diagram, without Spring, Redis, Kafka or a database. */
class DeductionProcessTest {

	private static final Instant NOW = Instant.parse("2026-09-28T02:00:13Z");

	private final InMemoryGuard guard = new InMemoryGuard();

	private final ScriptedLedger ledger = new ScriptedLedger();

	private DeductionProcess process(RedisFailurePolicy policy) {
		return new DeductionProcess(this.guard, this.ledger, policy, Clock.fixed(NOW, ZoneOffset.UTC));
	}

	private final DeductionProcess closed = process(RedisFailurePolicy.CLOSED);

	@Test
	void firstDeliveryDeductsAndMarksTheGuardDone() {
		// given
		this.ledger.answer(LedgerResult.DEDUCTED);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.FIRST);
		assertThat(decision.outcome().route()).isEqualTo(Outcome.Route.ACKNOWLEDGE);
		assertThat(this.ledger.calls).containsExactly(NOW);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::fingerprint)
			.contains(aPayment().fingerprint());
	}

	@Test
	void eachPaymentReachesTheLedgerWithItsDeliverysTraceAndItsLinesCarryItsIds() {
		// given a poll of three deliveries, the second a duplicate stopped at Redis, each in its own trace
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(anotherPayment(2));
		TraceContext first = TraceContext.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", null);
		TraceContext duplicate = TraceContext.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", null);
		TraceContext third = TraceContext.of("00-11111111111111111111111111111111-2222222222222222-00", "k=v");

		// when
		this.closed.handleAll(List.of(aPayment(), anotherPayment(2), anotherPayment(3)),
				List.of(first, duplicate, third));

		// then the ledger writes each PayDeducted with the trace of its own delivery, in its order
		assertThat(this.ledger.traces).last().isEqualTo(List.of(first, third));
		// and no delivery's ids are left in the logging context of the thread
		assertThat(MDC.get(DeliveryLogContext.TRACE_ID)).isNull();
	}

	@Test
	void aDeliverysLogContextHoldsItsIdsAndRestoresWhatWasThere() {
		// given
		TraceContext trace = TraceContext.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", null);
		MDC.put(DeliveryLogContext.TRACE_ID, "outer");

		try {
			// when
			try (DeliveryLogContext delivery = DeliveryLogContext.enter(trace)) {
				// then
				assertThat(MDC.get(DeliveryLogContext.TRACE_ID)).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
				assertThat(MDC.get(DeliveryLogContext.SPAN_ID)).isEqualTo("00f067aa0ba902b7");
			}
			assertThat(MDC.get(DeliveryLogContext.TRACE_ID)).isEqualTo("outer");
			assertThat(MDC.get(DeliveryLogContext.SPAN_ID)).isNull();
			// and a delivery without trace context leaves the context as it is
			try (DeliveryLogContext none = DeliveryLogContext.enter(TraceContext.NONE)) {
				assertThat(MDC.get(DeliveryLogContext.TRACE_ID)).isEqualTo("outer");
			}
		}
		finally {
			MDC.remove(DeliveryLogContext.TRACE_ID);
		}
	}

	@Test
	void aDuplicateOfADoneDeliveryStopsAtRedisWithoutTouchingTheDatabase() {
		// given
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(aPayment());
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(decision.layer()).contains(DuplicateLayer.REDIS);
		assertThat(this.ledger.calls).hasSize(1);
	}

	@Test
	void aDuplicateStoppedAtRedisIsLoggedWithItsOrderAndThatNothingWasDeducted() {
		// given a payment deducted once (a replay of an already paid order is such a delivery again)
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(aPayment());
		ListAppender<ILoggingEvent> lines = new ListAppender<>();
		lines.start();
		Logger processLog = (Logger) LoggerFactory.getLogger(DeductionProcess.class);
		processLog.addAppender(lines);
		// when it is delivered again
		try {
			this.closed.handle(aPayment());
		}
		finally {
			processLog.detachAppender(lines);
		}
		// then the line at INFO names the order and says nothing was deducted
		assertThat(lines.list).filteredOn((line) -> line.getLevel().isGreaterOrEqual(Level.INFO))
			.extracting(ILoggingEvent::getFormattedMessage)
			.singleElement()
			.asString()
			.contains("P20260928001")
			.contains("nothing deducted");
	}

	@Test
	void aDoneEntryOfAnotherPaymentIsLeftToTheDatabaseWhichNamesASecondPaymentOwedBack() {
		// given the first payment is deducted and DONE in Redis
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(aPayment());
		String firstEntry = this.guard.entries.get(aPayment().orderNo());
		// when a second platform payment (another payNo) for the same order arrives
		this.ledger.answer(LedgerResult.paidByOtherPayment(aPayment().payNo()));
		Decision decision = this.closed.handle(aSecondPayment());
		// then the database was asked, the payment is owed back, and the first payment's entry still stands
		assertThat(this.ledger.calls).hasSize(2);
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE_PAYMENT);
		assertThat(decision.outcome().route()).isEqualTo(Outcome.Route.REFUND);
		assertThat(decision.paidBy()).contains(aPayment().payNo());
		assertThat(decision.reason()).isEmpty();
		assertThat(this.guard.entries).containsEntry(aPayment().orderNo(), firstEntry);
	}

	@Test
	void theSamePayNoWithOtherContentAfterADoneEntryIsATerminalConflictOnceTheDatabaseSaysSo() {
		// given
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(aPayment());
		String firstEntry = this.guard.entries.get(aPayment().orderNo());
		// when
		this.ledger.answer(LedgerResult.CONFLICT);
		Decision decision = this.closed.handle(aPaymentWithAmount("1.00"));
		// then
		assertThat(this.ledger.calls).hasSize(2);
		assertThat(decision.outcome()).isEqualTo(Outcome.CONFLICT);
		assertThat(decision.reason()).contains(FailureReason.CONFLICT);
		assertThat(this.guard.entries).containsEntry(aPayment().orderNo(), firstEntry);
	}

	@Test
	void aSecondPaymentWithRedisFlushedIsADuplicatePaymentAndReleasesItsOwnClaim() {
		// given Redis forgot the order (flush, TTL); the database knows who paid it
		this.ledger.answer(LedgerResult.paidByOtherPayment(aPayment().payNo()));
		// when
		Decision decision = this.closed.handle(aSecondPayment());
		// then: owed back, and never marked DONE (its redeliveries must reach the database again)
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE_PAYMENT);
		assertThat(this.guard.entries).doesNotContainKey(aPayment().orderNo());
		assertThat(this.guard.releases).containsExactly(ReleaseResult.RELEASED);
	}

	@Test
	void aSecondPaymentRedeliveredIsADuplicatePaymentEachTimeNeverADuplicate() {
		// given
		this.ledger.answer(LedgerResult.paidByOtherPayment(aPayment().payNo()));
		// when
		List<Decision> decisions = List.of(this.closed.handle(aSecondPayment()), this.closed.handle(aSecondPayment()));
		// then
		assertThat(decisions).extracting(Decision::outcome)
			.containsExactly(Outcome.DUPLICATE_PAYMENT, Outcome.DUPLICATE_PAYMENT);
		assertThat(this.ledger.calls).hasSize(2);
	}

	@Test
	void aSecondPaymentWithRedisDownAndPolicyOpenIsADuplicatePaymentDegraded() {
		// given
		this.guard.down = true;
		this.ledger.answer(LedgerResult.paidByOtherPayment(aPayment().payNo()));
		// when
		Decision decision = process(RedisFailurePolicy.OPEN).handle(aSecondPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE_PAYMENT);
		assertThat(decision.paidBy()).contains(aPayment().payNo());
		assertThat(decision.degraded()).isTrue();
	}

	@Test
	void anOrderPaidBeforePayNosWereRecordedIsADuplicateCountedApart() {
		// given
		this.ledger.answer(LedgerResult.ALREADY_PAID_UNATTRIBUTED);
		// when
		Decision decision = this.closed.handle(aSecondPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(decision.layer()).contains(DuplicateLayer.STATE_UNATTRIBUTED);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
	}

	@Test
	void aPaymentInAnotherCurrencyThanTheAccountIsTerminalAndReleasesTheClaim() {
		// given
		this.ledger.answer(LedgerResult.CURRENCY_MISMATCH);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.TERMINAL);
		assertThat(decision.reason()).contains(FailureReason.CURRENCY_MISMATCH);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void aMissingAccountGoesToTheRetryTopicWithItsOwnReason() {
		// given
		this.ledger.answer(LedgerResult.ACCOUNT_NOT_FOUND);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.RETRY);
		assertThat(decision.reason()).contains(FailureReason.ACCOUNT_NOT_FOUND);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void aFrozenAccountsPaymentWaitsInTheRetryLadderAndReleasesTheClaim() {
		// given
		this.ledger.answer(LedgerResult.ACCOUNT_FROZEN);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then nothing is settled: the claim is released so that the retry after the unfreeze reaches the ledger
		assertThat(decision.outcome()).isEqualTo(Outcome.RETRY);
		assertThat(decision.reason()).contains(FailureReason.ACCOUNT_FROZEN);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void aProcessingClaimOfADeadConsumerFallsThroughToTheDatabase() {
		// given: another consumer claimed and died before its commit
		this.guard.entries.put(aPayment().orderNo(), GuardEntry.processing(aPayment().fingerprint(), "dead").encode());
		this.ledger.answer(LedgerResult.DEDUCTED);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then: the payment is not lost, and the exact entry seen is completed
		assertThat(decision.outcome()).isEqualTo(Outcome.FIRST);
		assertThat(this.ledger.calls).hasSize(1);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
	}

	@Test
	void aProcessingClaimOfALiveConsumerIsRecognisedByTheStateMachine() {
		// given
		this.guard.entries.put(aPayment().orderNo(), GuardEntry.processing(aPayment().fingerprint(), "alive").encode());
		this.ledger.answer(LedgerResult.ALREADY_PAID);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(decision.layer()).contains(DuplicateLayer.STATE);
	}

	@Test
	void aFlowThatExistsIsADuplicateOfTheUniqueIndex() {
		// given: Redis lost its key (flush, eviction)
		this.ledger.answer(LedgerResult.ALREADY_FLOWED);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(decision.layer()).contains(DuplicateLayer.UNIQUE_INDEX);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
	}

	@Test
	void insufficientBalanceGoesToTheRetryTopicAndReleasesTheOwnClaim() {
		// given
		this.ledger.answer(LedgerResult.INSUFFICIENT_BALANCE);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.RETRY);
		assertThat(decision.outcome().route()).isEqualTo(Outcome.Route.RETRY);
		assertThat(decision.reason()).contains(FailureReason.INSUFFICIENT_BALANCE);
		assertThat(this.guard.entries).doesNotContainKey(aPayment().orderNo());
		assertThat(this.guard.releases).containsExactly(ReleaseResult.RELEASED);
	}

	@Test
	void aMissingOrderGoesToTheRetryTopic() {
		this.ledger.answer(LedgerResult.ORDER_NOT_FOUND);
		Decision decision = this.closed.handle(aPayment());
		assertThat(decision.outcome()).isEqualTo(Outcome.RETRY);
		assertThat(decision.reason()).contains(FailureReason.ORDER_NOT_FOUND);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void anIllegalStateIsTerminalAndReleasesTheClaim() {
		this.ledger.answer(LedgerResult.ILLEGAL_STATE);
		Decision decision = this.closed.handle(aPayment());
		assertThat(decision.outcome()).isEqualTo(Outcome.TERMINAL);
		assertThat(decision.reason()).contains(FailureReason.ILLEGAL_STATE);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void aPaymentThatDiffersFromTheOrderIsATerminalConflict() {
		this.ledger.answer(LedgerResult.CONFLICT);
		Decision decision = this.closed.handle(aPayment());
		assertThat(decision.outcome()).isEqualTo(Outcome.CONFLICT);
		assertThat(decision.reason()).contains(FailureReason.CONFLICT);
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void aReleaseNeverDeletesAClaimThatIsNoLongerOurs() {
		// given: our lease expired during the transaction and another consumer claimed
		this.ledger.answerThen(LedgerResult.INSUFFICIENT_BALANCE, () -> this.guard.entries.put(aPayment().orderNo(),
				GuardEntry.processing(aPayment().fingerprint(), "next").encode()));
		// when
		this.closed.handle(aPayment());
		// then
		assertThat(this.guard.releases).containsExactly(ReleaseResult.NOT_OWNER);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::owner).contains("next");
	}

	@Test
	void redisDownWithPolicyClosedTouchesNothingAndAsksForARetryInPlace() {
		// given
		this.guard.down = true;
		// when / then
		assertThatExceptionOfType(GuardUnavailableException.class).isThrownBy(() -> this.closed.handle(aPayment()));
		assertThat(this.ledger.calls).isEmpty();
	}

	@Test
	void redisDownWithPolicyOpenDeductsThroughTheDatabaseAndSaysDegraded() {
		// given
		this.guard.down = true;
		this.ledger.answer(LedgerResult.DEDUCTED);
		// when
		Decision decision = process(RedisFailurePolicy.OPEN).handle(aPayment());
		// then
		assertThat(decision.outcome()).isEqualTo(Outcome.FIRST);
		assertThat(decision.degraded()).isTrue();
		assertThat(this.ledger.calls).hasSize(1);
	}

	@Test
	void redisDownWithPolicyOpenStillRecognisesDuplicatesInTheDatabase() {
		this.guard.down = true;
		this.ledger.answer(LedgerResult.ALREADY_PAID);
		Decision decision = process(RedisFailurePolicy.OPEN).handle(aPayment());
		assertThat(decision.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(decision.layer()).contains(DuplicateLayer.STATE);
		assertThat(decision.degraded()).isTrue();
	}

	@Test
	void aDatabaseWithoutAnswerReleasesTheClaimAndAsksForARetryInPlace() {
		// given
		this.ledger.fail(new IllegalStateException("connection refused"));
		// when / then
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> this.closed.handle(aPayment()));
		assertThat(this.guard.entries).isEmpty();
	}

	@Test
	void redisFailingAfterTheCommitStillAcknowledgesTheDeduction() {
		// given: Redis goes away between claim and completion
		this.ledger.answerThen(LedgerResult.DEDUCTED, () -> this.guard.down = true);
		// when
		Decision decision = this.closed.handle(aPayment());
		// then: the database committed; the answer stands
		assertThat(decision.outcome()).isEqualTo(Outcome.FIRST);
	}

	@Test
	void aPollGoesToTheDatabaseOnceForEveryPaymentRedisDidNotSettleAndAnswersInOrder() {
		// given: the first payment is settled already, the third cannot be paid
		this.ledger.answer(LedgerResult.DEDUCTED);
		this.closed.handle(aPayment());
		this.ledger.answer(anotherPayment(3).orderNo(), LedgerResult.INSUFFICIENT_BALANCE);
		// when
		List<Decision> decisions = this.closed.handleAll(List.of(aPayment(), anotherPayment(2), anotherPayment(3)));
		// then
		assertThat(decisions).extracting(Decision::outcome)
			.containsExactly(Outcome.DUPLICATE, Outcome.FIRST, Outcome.RETRY);
		assertThat(decisions.get(0).layer()).contains(DuplicateLayer.REDIS);
		assertThat(this.ledger.batches).last()
			.isEqualTo(List.of(anotherPayment(2).orderNo(), anotherPayment(3).orderNo()));
		assertThat(this.guard.entry(anotherPayment(2).orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
		assertThat(this.guard.entries).doesNotContainKey(anotherPayment(3).orderNo());
	}

	@Test
	void aPollWithoutAnAnswerFromTheDatabaseReleasesEveryOwnClaim() {
		// given
		this.ledger.fail(new IllegalStateException("deadlock, transaction rolled back"));
		// when / then
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> this.closed.handleAll(List.of(aPayment(), anotherPayment(2))));
		assertThat(this.guard.entries).isEmpty();
		assertThat(this.guard.releases).containsExactly(ReleaseResult.RELEASED, ReleaseResult.RELEASED);
	}

	@Test
	void theSamePaymentTwiceInOnePollIsDeductedOnceAndTheSecondIsADuplicateOfTheStateMachine() {
		// given: inside the one transaction the second copy finds the order PAID by the first
		this.ledger.answer(aPayment().orderNo(), LedgerResult.DEDUCTED, LedgerResult.ALREADY_PAID);
		// when: the second copy finds the first one's PROCESSING entry in the same round trip
		List<Decision> decisions = this.closed.handleAll(List.of(aPayment(), aPayment()));
		// then: both went to the database, which alone can tell them apart
		assertThat(this.ledger.batches).containsExactly(List.of(aPayment().orderNo(), aPayment().orderNo()));
		assertThat(decisions).extracting(Decision::outcome).containsExactly(Outcome.FIRST, Outcome.DUPLICATE);
		assertThat(decisions.get(1).layer()).contains(DuplicateLayer.STATE);
		assertThat(this.guard.entry(aPayment().orderNo())).map(GuardEntry::state).contains(GuardState.DONE);
	}

	@Test
	void aDecisionCarriesALayerOnlyForDuplicatesAndAReasonOnlyForRoutedRecords() {
		assertThat(Decision.first(false).reason()).isEmpty();
		assertThat(Decision.failed(FailureReason.UNREADABLE, "x", false).outcome()).isEqualTo(Outcome.TERMINAL);
		assertThat(Decision.failed(FailureReason.RETRIES_EXHAUSTED, "x", false).outcome().route())
			.isEqualTo(Outcome.Route.TERMINAL);
		assertThat(Decision.duplicate(DuplicateLayer.REDIS, false).layer()).contains(DuplicateLayer.REDIS);
		assertThat(Decision.duplicatePayment("PN1", false).paidBy()).contains("PN1");
		assertThat(Decision.duplicatePayment("PN1", false).reason()).isEmpty();
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new Decision(Outcome.DUPLICATE_PAYMENT,
				Optional.empty(), Optional.empty(), Optional.empty(), "x", false));
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new Decision(Outcome.FIRST,
				Optional.empty(), Optional.empty(), Optional.of("PN1"), "x", false));
	}

	/** A ledger that gives the scripted answers and records when and with what it was asked. */
	private static final class ScriptedLedger implements Ledger {

		final List<List<TraceContext>> traces = new ArrayList<>();


		final List<Instant> calls = new ArrayList<>();

		final List<List<String>> batches = new ArrayList<>();

		private final Map<String, Deque<LedgerResult>> answers = new HashMap<>();

		private LedgerResult answer;

		private Runnable during = () -> {
		};

		private RuntimeException failure;

		void answer(LedgerResult result) {
			this.answer = result;
		}

		/** Answers for one order, one per time it is asked; the last one repeats. */
		void answer(String orderNo, LedgerResult... results) {
			this.answers.put(orderNo, new ArrayDeque<>(List.of(results)));
		}

		private Optional<LedgerResult> next(String orderNo) {
			Deque<LedgerResult> queue = this.answers.get(orderNo);
			if (queue == null) {
				return Optional.empty();
			}
			return Optional.of((queue.size() > 1) ? queue.poll() : queue.peek());
		}

		void answerThen(LedgerResult result, Runnable sideEffect) {
			this.answer = result;
			this.during = sideEffect;
		}

		void fail(RuntimeException ex) {
			this.failure = ex;
		}

		@Override
		public List<LedgerResult> deductAll(List<PaySuccess> payments, List<TraceContext> traces, Instant now) {
			this.traces.add(traces);
			return deductAll(payments, now);
		}

		@Override
		public List<LedgerResult> deductAll(List<PaySuccess> payments, Instant now) {
			this.calls.add(now);
			this.batches.add(payments.stream().map(PaySuccess::orderNo).toList());
			this.during.run();
			if (this.failure != null) {
				throw this.failure;
			}
			return payments.stream()
				.map((payment) -> next(payment.orderNo())
					.or(() -> Optional.ofNullable(this.answer))
					.orElseThrow())
				.toList();
		}

	}

}
