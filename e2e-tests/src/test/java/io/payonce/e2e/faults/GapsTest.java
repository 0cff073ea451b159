package io.payonce.e2e.faults;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GapsTest {

	@Test
	void theLongestSilenceInsideTheWindowIsTheGap() {
		// given events every 10 ms but one silence of 500 ms inside the window
		List<Long> events = List.of(0L, 10L, 20L, 520L, 530L, 540L);

		// when the window covers it, then it is the gap
		assertThat(Gaps.longestGapMillis(events, 15, 535)).isEqualTo(500);
	}

	@Test
	void aSilenceCountsOnlyWithinTheWindow() {
		// given a silence from 20 to 520
		List<Long> events = List.of(0L, 10L, 20L, 520L, 530L);

		// then a window inside it, or one that holds its start or its end, gets only its own part
		assertThat(Gaps.longestGapMillis(events, 300, 400)).isEqualTo(100);
		assertThat(Gaps.longestGapMillis(events, 15, 100)).isEqualTo(80);
		assertThat(Gaps.longestGapMillis(events, 400, 600)).isEqualTo(120);
	}

	@Test
	void silencesOutsideTheWindowDoNotCount() {
		// given a long silence long before the window and steady events in it
		List<Long> events = List.of(0L, 1000L, 1010L, 1020L, 1030L);

		// then only the steady interval counts
		assertThat(Gaps.longestGapMillis(events, 1005, 1030)).isEqualTo(10);
	}

	@Test
	void noEventAfterTheWindowOpensIsASilenceUntilItsEnd() {
		// given the last event at 20 and a window from 100 to 900
		List<Long> events = List.of(0L, 10L, 20L);

		// then the window is silent from its start to its end
		assertThat(Gaps.longestGapMillis(events, 100, 900)).isEqualTo(800);
		assertThat(Gaps.longestGapMillis(events, 15, 900)).isEqualTo(880);
		assertThat(Gaps.longestGapMillis(List.of(), 100, 900)).isEqualTo(800);
	}

	@Test
	void aWindowThatEndsBeforeItStartsIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> Gaps.longestGapMillis(List.of(), 10, 5));
	}

	@Test
	void aPartitionThatStoodStillWhileTheOthersMovedIsTheGapOfAny() {
		// given one stream steady and one silent from 100 to 700
		List<Long> steady = List.of(0L, 100L, 200L, 300L, 400L, 500L, 600L, 700L);
		List<Long> stalled = List.of(0L, 100L, 700L);

		// then the gap of any is the stalled one's, although the merged stream never paused that long
		assertThat(Gaps.longestGapOfAnyMillis(List.of(steady, stalled), 50, 750)).isEqualTo(600);
	}

	@Test
	void countsTheEventsInsideTheWindow() {
		assertThat(Gaps.count(List.of(0L, 10L, 20L, 30L), 10, 20)).isEqualTo(2);
	}

}
