package io.payonce.simulator.callback;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.payonce.platform.callback.PayCallback;
import org.junit.jupiter.api.Test;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class DeliveriesTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:12Z");

	private static final PayCallback CALLBACK = PayCallback.success("PN-1", "ORD-1", 10086, new BigDecimal("199.00"), T0);

	/** 1 s, then every 2 s, for 5 s: attempts at +0, +1, +3, +5. */
	private final Deliveries deliveries = new Deliveries(
			new RetrySchedule(List.of(ofSeconds(1), ofSeconds(2)), ofSeconds(5)));

	@Test
	void aDeliveryIsRetriedInItsSlotsUntilA2xx() {
		// given a delivery due now
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK, T0));

		// when the first attempt gets a 503
		CallbackDelivery first = this.deliveries.takeDue(T0, 10).get(0);
		CallbackDelivery afterFirst = this.deliveries.record(first.id(), answered(1, T0, 503));

		// then it is pending for the slot at +1 s and not due before
		assertThat(afterFirst.state()).isEqualTo(DeliveryState.PENDING);
		assertThat(afterFirst.nextAttemptAt()).isEqualTo(T0.plusSeconds(1));
		assertThat(this.deliveries.takeDue(T0.plusMillis(999), 10)).isEmpty();
		assertThat(this.deliveries.nextDue()).hasValue(T0.plusSeconds(1));

		// and when the second attempt gets a 200, it is delivered and nothing more is due
		this.deliveries.takeDue(T0.plusSeconds(1), 10);
		CallbackDelivery delivered = this.deliveries.record(first.id(), answered(2, T0.plusSeconds(1), 200));
		assertThat(delivered.state()).isEqualTo(DeliveryState.DELIVERED);
		assertThat(delivered.attempts()).extracting(Attempt::status).containsExactly(503, 200);
		assertThat(this.deliveries.nextDue()).isEmpty();
		assertThat(this.deliveries.counts()).isEqualTo(new Deliveries.Counts(0, 1, 0, 2));
	}

	@Test
	void aGatewayThatNeverAnswers2xxGetsEveryAttemptOfTheWindowThenThePlatformGivesUp() {
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK, T0));

		// when every attempt in its slot is refused (a 409, a refused connection, a 401, a timeout)
		CallbackDelivery last = null;
		List<Instant> slots = List.of(T0, T0.plusSeconds(1), T0.plusSeconds(3), T0.plusSeconds(5));
		for (int i = 0; i < slots.size(); i++) {
			String id = this.deliveries.takeDue(slots.get(i), 10).get(0).id();
			last = this.deliveries.record(id, i % 2 == 0 ? answered(i + 1, slots.get(i), 409 - i * 4)
					: Attempt.failed(i + 1, slots.get(i), Duration.ofMillis(3), "ConnectException"));
		}

		// then after the attempt at +5 s it has given up, with four attempts recorded
		assertThat(last.state()).isEqualTo(DeliveryState.GAVE_UP);
		assertThat(last.attempts()).hasSize(4);
		assertThat(this.deliveries.takeDue(T0.plus(Duration.ofDays(1)), 10)).isEmpty();
		assertThat(this.deliveries.counts()).isEqualTo(new Deliveries.Counts(0, 0, 1, 4));
	}

	@Test
	void anyTwoHundredCodeEndsTheDeliveryAndNothingElseDoes() {
		assertThat(answered(1, T0, 200).delivered()).isTrue();
		assertThat(answered(1, T0, 204).delivered()).isTrue();
		assertThat(answered(1, T0, 302).delivered()).isFalse();
		assertThat(answered(1, T0, 401).delivered()).isFalse();
		assertThat(answered(1, T0, 503).delivered()).isFalse();
		assertThat(Attempt.failed(1, T0, Duration.ZERO, "timeout").delivered()).isFalse();
	}

	@Test
	void aDeliveryIsNeverInFlightTwiceAndOnlyAnAttemptInFlightIsRecorded() {
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK, T0));
		this.deliveries.add(CallbackDelivery.planned(2, CALLBACK, T0.plusSeconds(1)));

		List<CallbackDelivery> due = this.deliveries.takeDue(T0.plusSeconds(2), 10);

		assertThat(due).extracting(CallbackDelivery::id).containsExactly("PN-1#1", "PN-1#2");
		assertThat(this.deliveries.takeDue(T0.plusSeconds(2), 10)).isEmpty();
		assertThat(this.deliveries.nextDue()).isEmpty();
		this.deliveries.record("PN-1#1", answered(1, T0.plusSeconds(2), 200));
		assertThatIllegalStateException().isThrownBy(() -> this.deliveries.record("PN-1#1", answered(2, T0, 200)));
	}

	@Test
	void theEarliestDueDeliveriesGoFirstAndNoMoreThanAsked() {
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK.withPayNo("PN-3"), T0.plusSeconds(2)));
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK.withPayNo("PN-1"), T0));
		this.deliveries.add(CallbackDelivery.planned(1, CALLBACK.withPayNo("PN-2"), T0.plusSeconds(1)));

		assertThat(this.deliveries.takeDue(T0.plusSeconds(5), 2)).extracting(CallbackDelivery::id)
			.containsExactly("PN-1#1", "PN-2#1");
		assertThat(this.deliveries.takeDue(T0.plusSeconds(5), 2)).extracting(CallbackDelivery::id)
			.containsExactly("PN-3#1");
	}

	private static Attempt answered(int number, Instant at, int status) {
		return Attempt.answered(number, at, Duration.ZERO, status, "{}");
	}

}
