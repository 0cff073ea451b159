package io.payonce.ops.timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A burst of failed sends is one log line per interval, telling how many were not logged. */
class BurstLogTest {

	private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T00:00:00Z"));

	private final BurstLog log = new BurstLog(this.now::get, Duration.ofMinutes(1));

	@Test
	void theFirstFailureOfABurstIsLoggedTheRestOfTheIntervalIsCounted() {
		assertThat(this.log.failed()).isZero();
		assertThat(this.log.failed()).isEqualTo(-1);
		assertThat(this.log.failed()).isEqualTo(-1);

		this.now.set(this.now.get().plus(Duration.ofMinutes(1)));

		assertThat(this.log.failed()).as("logged again, with the two not logged").isEqualTo(2);
	}

	@Test
	void aSuccessEndsTheBurstAndTellsWhatWasNotLogged() {
		this.log.failed();
		this.log.failed();

		assertThat(this.log.recovered()).isEqualTo(1);
		assertThat(this.log.recovered()).as("nothing more to tell").isZero();
		assertThat(this.log.failed()).as("a new burst is logged at once").isZero();
	}

}
