package io.payonce.reconciliation.continuous;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

class ReconcilerTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final Reconciler reconciler = new Reconciler(Duration.ofMinutes(5), Duration.ofDays(7));

	@Test
	void waitingPaymentIsDueAtTheEndOfTheWindowThenAtTheEndOfRetention() {
		// given a payment without deduction
		OrderView waiting = this.reconciler.onPayment(null, Events.aPayment("P1"), "e1", T0).view();

		// then it is due when the window ends
		assertThat(this.reconciler.nextCheck(waiting)).isEqualTo(T0.plus(Duration.ofMinutes(5)));

		// and once reported, when retention ends
		OrderView reported = this.reconciler.onTick(waiting, T0.plus(Duration.ofMinutes(5))).view();
		assertThat(reported.missingReported()).isTrue();
		assertThat(this.reconciler.nextCheck(reported)).isEqualTo(T0.plus(Duration.ofDays(7)));
	}

	@Test
	void lateDeductionSettlesItsMissingOnceAndIsNeitherDuplicateNorMissingAgain() {
		// given a payment reported MISSING
		OrderView waiting = this.reconciler.onPayment(null, Events.aPayment("P1"), "e1", T0).view();
		OrderView reported = this.reconciler.onTick(waiting, T0.plus(Duration.ofMinutes(6))).view();

		// when the deduction arrives late (it was in the retry ladder)
		Reconciler.Outcome late = this.reconciler.onDeduction(reported, Events.aDeduction("P1", 1001),
				T0.plus(Duration.ofMinutes(7)));

		// then its one record settles the MISSING, with how late the deduction came
		assertThat(late.findings()).singleElement().satisfies(settled -> {
			assertThat(settled.findingId()).isEqualTo("MISSING:P1");
			assertThat(settled.kind()).isEqualTo(FindingKind.MISSING);
			assertThat(settled.settles()).isTrue();
			assertThat(settled.settlement().lateBy()).isEqualTo(Duration.ofMinutes(7));
			assertThat(settled.settlement().settledAt()).isEqualTo(T0.plus(Duration.ofMinutes(7)));
			assertThat(settled.settlement().detail()).contains("flow 1001").contains("PT7M");
			assertThat(settled.settlement().flowId()).isEqualTo(1001L);
		});
		// and no second MISSING later, and a second deduction is a DUPLICATE, not another settlement
		assertThat(this.reconciler.onTick(late.view(), T0.plus(Duration.ofMinutes(30))).findings()).isEmpty();
		assertThat(this.reconciler.onDeduction(late.view(), Events.aDeduction("P1", 1002), T0.plus(Duration.ofMinutes(8)))
			.findings()).singleElement()
			.satisfies(duplicate -> {
				assertThat(duplicate.kind()).isEqualTo(FindingKind.DUPLICATE);
				assertThat(duplicate.settles()).isFalse();
			});
	}

	@Test
	void deductionInsideTheWindowSettlesNothing() {
		// given a payment still inside its window
		OrderView waiting = this.reconciler.onPayment(null, Events.aPayment("P3"), "e3", T0).view();

		// when its deduction comes in time, then nothing is raised nor settled
		assertThat(this.reconciler.onDeduction(waiting, Events.aDeduction("P3", 3001), T0.plus(Duration.ofMinutes(4)))
			.findings()).isEmpty();
	}

	@Test
	void reversalOfTheExtraDeductionSettlesTheDuplicateOnceNamingTheReversal() {
		// given an order charged twice, reported DUPLICATE
		OrderView paid = this.reconciler.onPayment(null, Events.aPayment("P4"), "e4", T0).view();
		OrderView once = this.reconciler.onDeduction(paid, Events.aDeduction("P4", 4001), T0.plusSeconds(1)).view();
		Reconciler.Outcome twice = this.reconciler.onDeduction(once, Events.aDeduction("P4", 4002), T0.plusSeconds(17));
		assertThat(twice.findings()).extracting(Finding::findingId).containsExactly("DUPLICATE:P4:4002");

		// when an operator reverses the extra deduction
		Reconciler.Outcome reversed = this.reconciler.onReversal(twice.view(), Events.aReversal("P4", 4002, 9001),
				T0.plus(Duration.ofHours(1)));

		// then one settlement record with the DUPLICATE's id, naming the reversal
		assertThat(reversed.findings()).singleElement().satisfies(settled -> {
			assertThat(settled.findingId()).isEqualTo("DUPLICATE:P4:4002");
			assertThat(settled.kind()).isEqualTo(FindingKind.DUPLICATE);
			assertThat(settled.settles()).isTrue();
			assertThat(settled.settlement().settledAt()).isEqualTo(T0.plus(Duration.ofHours(1)));
			assertThat(settled.settlement().detail()).contains("reversal flow 9001", "of flow 4002", "alice");
		});
		// and the same notice again settles nothing more
		assertThat(this.reconciler.onReversal(reversed.view(), Events.aReversal("P4", 4002, 9001),
				T0.plus(Duration.ofHours(2))).findings()).isEmpty();
	}

	@Test
	void aReversalReadBeforeTheDuplicateDeductionSettlesTheDuplicateAsItIsRaised() {
		// given a paid order whose reversal notice is read before its second deduction (two topics, no order)
		OrderView paid = this.reconciler.onPayment(null, Events.aPayment("P5"), "e5", T0).view();
		OrderView once = this.reconciler.onDeduction(paid, Events.aDeduction("P5", 5001), T0.plusSeconds(1)).view();
		Reconciler.Outcome early = this.reconciler.onReversal(once, Events.aReversal("P5", 5002, 9002),
				T0.plusSeconds(30));
		assertThat(early.findings()).isEmpty();

		// when the second deduction is read
		Reconciler.Outcome twice = this.reconciler.onDeduction(early.view(), Events.aDeduction("P5", 5002),
				T0.plusSeconds(31));

		// then the DUPLICATE is raised and settled at once
		assertThat(twice.findings()).extracting(Finding::findingId, Finding::settles)
			.containsExactly(tuple("DUPLICATE:P5:5002", false), tuple("DUPLICATE:P5:5002", true));
	}

	@Test
	void aThirdChargeLeftStandingAfterOneReversalKeepsItsDuplicatesOpen() {
		// given three charges of one order, two DUPLICATE findings
		OrderView view = this.reconciler.onPayment(null, Events.aPayment("P6"), "e6", T0).view();
		view = this.reconciler.onDeduction(view, Events.aDeduction("P6", 6001), T0).view();
		view = this.reconciler.onDeduction(view, Events.aDeduction("P6", 6002), T0).view();
		view = this.reconciler.onDeduction(view, Events.aDeduction("P6", 6003), T0).view();

		// when one of them is reversed (the ledger allows one reversal per order)
		Reconciler.Outcome reversed = this.reconciler.onReversal(view, Events.aReversal("P6", 6003, 9003),
				T0.plusSeconds(60));

		// then two charges still stand: nothing is settled, a human decides
		assertThat(reversed.findings()).isEmpty();
		assertThat(reversed.view().reversedFlows()).containsExactly(6003L);
	}

	@Test
	void retentionShorterThanTheWindowIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Reconciler(Duration.ofMinutes(5), Duration.ofMinutes(1)));
	}

}
