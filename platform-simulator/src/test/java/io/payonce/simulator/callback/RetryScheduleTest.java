package io.payonce.simulator.callback;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RetryScheduleTest {

	private static final Instant FIRST = Instant.parse("2026-09-28T02:00:12Z");

	@Test
	void weChatPayTriesSixteenTimesWithinTwentyFourHoursAndFourMinutes() {
		// given WeChat Pay's published schedule 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h
		RetrySchedule schedule = RetrySchedule.wechatPay();

		// when
		List<Duration> offsets = schedule.offsets();

		// then the attempts are at these distances from the first, the last at 24 h 4 min, and no more
		assertThat(offsets).containsExactly(Duration.ZERO, ofSeconds(15), ofSeconds(30), ofMinutes(1), ofMinutes(4),
				ofMinutes(14), ofMinutes(34), ofMinutes(64), ofMinutes(94), ofMinutes(124), ofMinutes(184),
				ofMinutes(364), ofMinutes(544), ofMinutes(724), ofMinutes(1084), ofMinutes(1444));
		assertThat(offsets.get(15)).isEqualTo(Duration.ofHours(24).plusMinutes(4));
	}

	@Test
	void eachAttemptAfterAFailureGoesInTheNextSlot() {
		RetrySchedule schedule = RetrySchedule.wechatPay();

		assertThat(schedule.nextAfter(FIRST, FIRST)).hasValue(FIRST.plusSeconds(15));
		assertThat(schedule.nextAfter(FIRST, FIRST.plusSeconds(15))).hasValue(FIRST.plusSeconds(30));
		assertThat(schedule.nextAfter(FIRST, FIRST.plus(ofMinutes(364)))).hasValue(FIRST.plus(ofMinutes(544)));
	}

	@Test
	void aSlotThatPassedDuringASlowAttemptOrADowntimeIsSkippedNotMadeUp() {
		RetrySchedule schedule = RetrySchedule.wechatPay();

		// an attempt at +15 s that took 20 s (answered at +35 s) is followed at +1 min, not at +30 s
		assertThat(schedule.nextAfter(FIRST, FIRST.plusSeconds(35))).hasValue(FIRST.plus(ofMinutes(1)));
		// a simulator down from +1 min to +2 h resumes in the slot at +3 h 4 min
		assertThat(schedule.nextAfter(FIRST, FIRST.plus(ofMinutes(125)))).hasValue(FIRST.plus(ofMinutes(184)));
	}

	@Test
	void theLastDelayRepeatsUntilTheWindowCloses() {
		RetrySchedule schedule = new RetrySchedule(List.of(ofSeconds(1), ofSeconds(2)), ofSeconds(9));

		assertThat(schedule.offsets()).containsExactly(Duration.ZERO, ofSeconds(1), ofSeconds(3), ofSeconds(5),
				ofSeconds(7), ofSeconds(9));
		assertThat(schedule.nextAfter(FIRST, FIRST.plusMillis(4500))).hasValue(FIRST.plusSeconds(5));
		assertThat(schedule.nextAfter(FIRST, FIRST.plusSeconds(5))).hasValue(FIRST.plusSeconds(7));
	}

	@Test
	void noAttemptStartsAfterTheWindowSoThePlatformGivesUp() {
		RetrySchedule weChat = RetrySchedule.wechatPay();
		RetrySchedule repeating = new RetrySchedule(List.of(ofSeconds(1), ofSeconds(2)), ofSeconds(9));

		assertThat(weChat.nextAfter(FIRST, FIRST.plus(ofMinutes(1444)))).isEmpty();
		assertThat(weChat.nextAfter(FIRST, FIRST.plus(ofMinutes(1443)))).hasValue(FIRST.plus(ofMinutes(1444)));
		assertThat(repeating.nextAfter(FIRST, FIRST.plusSeconds(9))).isEmpty();
		assertThat(repeating.nextAfter(FIRST, FIRST.plus(Duration.ofDays(3)))).isEmpty();
	}

	@Test
	void theLocalScheduleRetriesWithinSecondsForTenMinutes() {
		RetrySchedule local = RetrySchedule.local();

		assertThat(local.offsets()).startsWith(Duration.ZERO, ofSeconds(1), ofSeconds(3), ofSeconds(8), ofSeconds(18),
				ofSeconds(48), ofSeconds(78));
		assertThat(local.offsets()).last().isEqualTo(ofSeconds(588));
		assertThat(local.window()).isEqualTo(ofMinutes(10));
	}

	@Test
	void delaysMustBePositiveAndTheWindowNotNegative() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RetrySchedule(List.of(), ofMinutes(1)));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RetrySchedule(List.of(ofSeconds(1), Duration.ZERO), ofMinutes(1)));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RetrySchedule(List.of(ofSeconds(1)), ofSeconds(-1)));
	}

}
