package io.payonce.relay.leadership;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ALeaderWithoutItsDatabaseHandsOverAfterTheToleranceTest {

	private static final Instant START = Instant.parse("2026-11-29T09:00:00Z");

	private final DatabaseLossWatch watch = new DatabaseLossWatch(Duration.ofSeconds(20));

	@Test
	void aRestartShorterThanTheToleranceIsWaitedOut() {
		// given a term whose connector connected, then lost the database
		this.watch.termStarted(START);
		assertThat(this.watch.lost(Optional.of(true), START.plusSeconds(2))).isFalse();

		// when the database is back 19 s after the last connected observation
		boolean lostWhileDown = this.watch.lost(Optional.of(false), START.plusSeconds(21));
		boolean lostWhenBack = this.watch.lost(Optional.of(true), START.plusSeconds(21));

		// then
		assertThat(lostWhileDown).isFalse();
		assertThat(lostWhenBack).isFalse();
		assertThat(this.watch.lost(Optional.of(false), START.plusSeconds(40))).isFalse();
	}

	@Test
	void aConnectionMissingForTheToleranceHandsTheLeadOver() {
		// given
		this.watch.termStarted(START);
		this.watch.lost(Optional.of(true), START.plusSeconds(1));

		// when / then: an unknown view (the task between restarts) counts as not connected
		assertThat(this.watch.lost(Optional.empty(), START.plusSeconds(20))).isFalse();
		assertThat(this.watch.lost(Optional.of(false), START.plusSeconds(21))).isTrue();
	}

	@Test
	void theConnectorsStartIsCoveredByTheTolerance() {
		// given a term that has not connected yet
		this.watch.termStarted(START);

		// when / then
		assertThat(this.watch.lost(Optional.empty(), START.plusSeconds(19))).isFalse();
		assertThat(this.watch.lost(Optional.empty(), START.plusSeconds(20))).isTrue();
	}

	@Test
	void noTermNoVerdict() {
		assertThat(this.watch.lost(Optional.of(false), START)).isFalse();
	}

}
