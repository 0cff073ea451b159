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
	void lateDeductionAfterMissingIsNeitherDuplicateNorMissingAgain() {
		// given a payment reported MISSING
		OrderView waiting = this.reconciler.onPayment(null, Events.aPayment("P1"), "e1", T0).view();
		OrderView reported = this.reconciler.onTick(waiting, T0.plus(Duration.ofMinutes(6))).view();

		// when the deduction arrives late (it was in the retry ladder)
		Reconciler.Outcome late = this.reconciler.onDeduction(reported, Events.aDeduction("P1", 1001),
				T0.plus(Duration.ofMinutes(7)));

		// then no new finding, and no second MISSING later
		assertThat(late.findings()).isEmpty();
		assertThat(this.reconciler.onTick(late.view(), T0.plus(Duration.ofMinutes(30))).findings()).isEmpty();
	}

	@Test
	void retentionShorterThanTheWindowIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Reconciler(Duration.ofMinutes(5), Duration.ofMinutes(1)));
	}

}
