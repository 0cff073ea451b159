package io.payonce.dlt.overview;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CounterRateTest {

	private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");

	@Test
	void aGrowingCounterIsItsIncreasePerSecond() {
		assertThat(CounterRate.perSecond(100, T0, 150, T0.plusSeconds(10))).isCloseTo(5.0, within(1e-9));
	}

	@Test
	void anUnchangedCounterIsZeroPerSecond() {
		assertThat(CounterRate.perSecond(100, T0, 100, T0.plusSeconds(10))).isZero();
	}

	@Test
	void aCounterThatWentDownRestartedAndItsWholeValueIsTheIncrease() {
		// given the process restarted between the samples and counted 20 since
		assertThat(CounterRate.perSecond(1000, T0, 20, T0.plusSeconds(10))).isCloseTo(2.0, within(1e-9));
	}

	@Test
	void samplesOutOfTimeOrderGiveNoRate() {
		assertThat(CounterRate.perSecond(1, T0, 2, T0)).isNull();
		assertThat(CounterRate.perSecond(1, T0, 2, T0.minusSeconds(1))).isNull();
	}

}
