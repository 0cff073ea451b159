package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import org.junit.jupiter.api.Test;

import static io.payonce.dlt.timeline.Facts.aCallback;
import static io.payonce.dlt.timeline.Facts.aFact;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PaymentNowTest {

	private static final Instant T0 = Instant.parse("2026-12-01T14:03:10Z");

	private long offset;

	@Test
	void anAcceptedPaymentIsInFlightSinceItsFirstFact() {
		Timeline timeline = timeline(aCallback(T0, "ACCEPTED"),
				aFact(TimelineFact.Step.RELAYED, "PUBLISHED", T0.plusMillis(400), Map.of()));

		PaymentNow now = PaymentNow.of(timeline, T0.plusMillis(3_200));

		assertThat(now.state()).isEqualTo(PaymentNow.State.IN_FLIGHT);
		assertThat(now.since()).isEqualTo(T0);
		assertThat(now.forMillis()).isEqualTo(3_200);
		assertThat(now.text()).isEqualTo("accepted, not yet deducted, for 3.2 s (since 14:03:10)");
	}

	@Test
	void aCallbackTheGatewayDidNotAcceptLeavesThePaymentReceivedUntilOneIs() {
		Timeline refused = timeline(aCallback(T0, "UNAVAILABLE"));

		PaymentNow now = PaymentNow.of(refused, T0.plusSeconds(2));
		assertThat(now.state()).isEqualTo(PaymentNow.State.RECEIVED);
		assertThat(now.text()).isEqualTo("callback answered UNAVAILABLE, nothing accepted yet since 14:03:10 (2.0 s)");

		// when the platform's retry is accepted, the payment is in flight from then
		Timeline accepted = refused.with(aCallback(T0.plusSeconds(5), "ACCEPTED"), "pay.timeline-0", 99);
		assertThat(PaymentNow.of(accepted, T0.plusSeconds(6)).state()).isEqualTo(PaymentNow.State.IN_FLIGHT);
		assertThat(PaymentNow.of(accepted, T0.plusSeconds(6)).since()).isEqualTo(T0.plusSeconds(5));
	}

	@Test
	void aHeldRetryIsInItsTierUntilDue() {
		Timeline timeline = timeline(aCallback(T0.minusSeconds(40), "ACCEPTED"),
				aFact(TimelineFact.Step.RETRY_HELD, "HELD", T0, Map.of(Services.TIER, "2", Services.REASON,
						"INSUFFICIENT_BALANCE", Services.DUE, "2026-12-01T14:08:10Z")));

		PaymentNow now = PaymentNow.of(timeline, T0.plusSeconds(65));

		assertThat(now.state()).isEqualTo(PaymentNow.State.RETRY_WAITING);
		assertThat(now.due()).isEqualTo(Instant.parse("2026-12-01T14:08:10Z"));
		assertThat(now.text())
			.isEqualTo("in retry tier 2 (INSUFFICIENT_BALANCE) since 14:03:10 (1 min 5 s), due 14:08:10");
	}

	@Test
	void aRetryPastItsDueTimeSaysHowLate() {
		Timeline timeline = timeline(aFact(TimelineFact.Step.RETRY_HELD, "HELD", T0,
				Map.of(Services.TIER, "1", Services.DUE, "2026-12-01T14:03:40Z")));

		assertThat(PaymentNow.of(timeline, T0.plusSeconds(45)).text())
			.isEqualTo("in retry tier 1 since 14:03:10 (45.0 s), was due 14:03:40, 15.0 s ago");
	}

	@Test
	void aReleasedRetryIsInFlightAgainSinceItsRelease() {
		Timeline timeline = timeline(aCallback(T0.minusSeconds(30), "ACCEPTED"),
				aFact(TimelineFact.Step.RETRY_HELD, "HELD", T0.minusSeconds(30),
						Map.of(Services.TIER, "1", Services.DUE, T0.toString())),
				aFact(TimelineFact.Step.RETRY_RELEASED, "RELEASED", T0, Map.of(Services.ATTEMPT, "2")));

		PaymentNow now = PaymentNow.of(timeline, T0.plusSeconds(2));

		assertThat(now.state()).isEqualTo(PaymentNow.State.IN_FLIGHT);
		assertThat(now.since()).isEqualTo(T0);
		assertThat(now.text()).startsWith("released from the retry ladder (attempt 2), not yet deducted, for 2.0 s");
	}

	@Test
	void aTerminalPaymentWaitsForAnOperatorSinceItArrived() {
		Timeline timeline = timeline(aCallback(T0.minusSeconds(300), "ACCEPTED"),
				aFact(TimelineFact.Step.RETRY_HELD, "EXHAUSTED", T0, Map.of(Services.ATTEMPT, "6")),
				aFact(TimelineFact.Step.TERMINAL, "RETRIES_EXHAUSTED", T0, Map.of(Services.REASON, "RETRIES_EXHAUSTED")));

		PaymentNow now = PaymentNow.of(timeline, T0.plusSeconds(3 * 3600 + 120));

		assertThat(now.state()).isEqualTo(PaymentNow.State.TERMINAL);
		assertThat(now.text()).isEqualTo("terminal (RETRIES_EXHAUSTED) since 14:03:10 (3 h 2 min)");
	}

	@Test
	void aDryRunLeavesThePaymentWhereItIsAndAReplaySendsItOnItsWay() {
		Timeline terminal = timeline(
				aFact(TimelineFact.Step.TERMINAL, "CONFLICT", T0, Map.of(Services.REASON, "CONFLICT")),
				aFact(TimelineFact.Step.REPLAY, "DRY_RUN", T0.plusSeconds(60),
						Map.of(Services.WHO, "alice", Services.DRY_RUN, "true")));
		assertThat(PaymentNow.of(terminal, T0.plusSeconds(90)).state()).isEqualTo(PaymentNow.State.TERMINAL);

		Timeline replayed = terminal.with(aFact(TimelineFact.Step.REPLAY, "REPLAYED", T0.plusSeconds(80),
				Map.of(Services.WHO, "alice", Services.DRY_RUN, "false")), null, 0);
		PaymentNow now = PaymentNow.of(replayed, T0.plusSeconds(90));
		assertThat(now.state()).isEqualTo(PaymentNow.State.IN_FLIGHT);
		assertThat(now.text()).startsWith("replayed by alice, not yet deducted, for 10.0 s");
	}

	@Test
	void aDeductedPaymentStaysDeductedWhateverDeliveryFollowsUntilItIsReversed() {
		Timeline deducted = timeline(aCallback(T0, "ACCEPTED"),
				aFact(TimelineFact.Step.DEDUCTED, "DEDUCTED", T0.plusSeconds(1), Map.of()),
				aFact(TimelineFact.Step.DELIVERY, "DUPLICATE", T0.plusSeconds(20), Map.of("guard", "redis")),
				aFact(TimelineFact.Step.TERMINAL, "CONFLICT", T0.plusSeconds(25), Map.of(Services.REASON, "CONFLICT")));

		PaymentNow now = PaymentNow.of(deducted, T0.plusSeconds(61));
		assertThat(now.state()).isEqualTo(PaymentNow.State.DEDUCTED);
		assertThat(now.text()).isEqualTo("deducted since 14:03:11 (1 min 0 s)");

		Timeline reversed = deducted.with(aFact(TimelineFact.Step.REVERSAL, "POSTED", T0.plusSeconds(600), Map.of()),
				null, 0);
		assertThat(PaymentNow.of(reversed, T0.plusSeconds(601)).state()).isEqualTo(PaymentNow.State.REVERSED);
	}

	@Test
	void anotherHostsClockAheadOfOursNeverMakesANegativeDuration() {
		Timeline timeline = timeline(aCallback(T0.plusSeconds(2), "ACCEPTED"));

		assertThat(PaymentNow.of(timeline, T0).forMillis()).isZero();
	}

	@Test
	void aTimelineWithoutFactsHasNoNow() {
		assertThatIllegalArgumentException().isThrownBy(() -> PaymentNow.of(Timeline.empty(), T0));
	}

	private Timeline timeline(TimelineFact... facts) {
		Timeline timeline = Timeline.empty();
		for (TimelineFact fact : facts) {
			timeline = timeline.with(fact, "pay.timeline-0", this.offset++);
		}
		return timeline;
	}

}
