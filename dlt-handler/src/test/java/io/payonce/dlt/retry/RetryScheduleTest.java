package io.payonce.dlt.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RetryScheduleTest {

	private static final Instant FAILED_AT = Instant.parse("2026-09-28T02:00:12Z");

	@ParameterizedTest(name = "attempt {0} failed -> attempt {1} after {2}")
	@CsvSource({ "1, 2, PT30S", "2, 3, PT1M", "3, 4, PT5M", "4, 5, PT5M", "5, 6, PT5M" })
	void eachFailedAttemptWaitsItsTier(int failedAttempt, int nextAttempt, Duration backoff) {
		// given the default ladder
		RetrySchedule schedule = RetrySchedule.defaults();

		// when
		RetrySchedule.Decision decision = schedule.afterFailure(failedAttempt, FAILED_AT);

		// then
		assertThat(decision).isEqualTo(new RetrySchedule.Retry(nextAttempt, FAILED_AT.plus(backoff), backoff));
	}

	@Test
	void failureOfTheLastAttemptExhaustsTheLadder() {
		RetrySchedule schedule = RetrySchedule.defaults();

		assertThat(schedule.afterFailure(6, FAILED_AT)).isEqualTo(new RetrySchedule.Exhausted(6));
		assertThat(schedule.isLast(6)).isTrue();
		assertThat(schedule.isLast(5)).isFalse();
	}

	@Test
	void moreRetriesThanTiersRepeatTheLastTier() {
		RetrySchedule schedule = new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)), 4);

		assertThat(schedule.afterFailure(4, FAILED_AT))
			.isEqualTo(new RetrySchedule.Retry(5, FAILED_AT.plusSeconds(2), Duration.ofSeconds(2)));
		assertThat(schedule.afterFailure(5, FAILED_AT)).isInstanceOf(RetrySchedule.Exhausted.class);
	}

	@Test
	void zeroRetriesSendsTheFirstFailureToTerminal() {
		RetrySchedule schedule = new RetrySchedule(List.of(Duration.ofSeconds(1)), 0);

		assertThat(schedule.afterFailure(1, FAILED_AT)).isEqualTo(new RetrySchedule.Exhausted(1));
	}

	@Test
	void aMissingOrNonsenseAttemptCountsAsTheFirst() {
		assertThat(RetrySchedule.defaults().afterFailure(0, FAILED_AT)).isEqualTo(
				new RetrySchedule.Retry(2, FAILED_AT.plusSeconds(30), Duration.ofSeconds(30)));
	}

	@Test
	void aLadderWithoutTiersOrWithNegativeTiersIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RetrySchedule(List.of(), 3));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RetrySchedule(List.of(Duration.ofSeconds(-1)), 3));
		assertThatIllegalArgumentException().isThrownBy(() -> new RetrySchedule(List.of(Duration.ZERO), -1));
	}

	@Test
	void historyKeepsOneEntryPerAttempt() {
		FailureEntry first = new FailureEntry(1, "INSUFFICIENT_BALANCE", null, null, FAILED_AT, "pay.success", 0, 7);

		FailureHistory history = FailureHistory.empty().append(first).append(first);

		assertThat(history.entries()).containsExactly(first);
	}

}
