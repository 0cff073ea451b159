package io.payonce.reconciliation.continuous;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

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
	void retentionShorterThanTheWindowIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Reconciler(Duration.ofMinutes(5), Duration.ofMinutes(1)));
	}

}
