package io.payonce.dlt.console;

import java.time.Duration;
import java.time.Instant;

import io.payonce.dlt.MutableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayRateLimiterTest {

	@Test
	void theBucketRefillsOverTheWindow() {
		Instant t0 = Instant.parse("2026-09-28T02:00:00Z");
		MutableClock clock = new MutableClock(t0);
		ReplayRateLimiter limiter = new ReplayRateLimiter(60, Duration.ofMinutes(1), clock);

		assertThat(limiter.tryAcquire(60)).isTrue();
		assertThat(limiter.tryAcquire(1)).isFalse();

		clock.set(t0.plusSeconds(10));
		assertThat(limiter.available()).isEqualTo(10);
		assertThat(limiter.tryAcquire(11)).isFalse();
		assertThat(limiter.tryAcquire(10)).isTrue();

		clock.set(t0.plusSeconds(600));
		assertThat(limiter.available()).isEqualTo(60);
	}

}
