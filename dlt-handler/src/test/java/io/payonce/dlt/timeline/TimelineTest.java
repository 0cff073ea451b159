package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import org.junit.jupiter.api.Test;

import static io.payonce.dlt.timeline.Facts.aCallback;
import static io.payonce.dlt.timeline.Facts.aFact;
import static org.assertj.core.api.Assertions.assertThat;

class TimelineTest {

	private static final Instant T0 = Instant.parse("2026-12-01T00:10:00Z");

	@Test
	void factsArrivingInAnyOrderAreKeptInTimeOrder() {
		// given the deduction's record read before the callback's fact (two topics, two consumers' pace)
		Timeline timeline = Timeline.empty()
			.with(aFact(TimelineFact.Step.DEDUCTED, "DEDUCTED", T0.plusSeconds(2), Map.of()), "pay.deducted-3", 7)
			.with(aCallback(T0, "ACCEPTED"), "pay.timeline-3", 1)
			.with(aFact(TimelineFact.Step.RELAYED, "PUBLISHED", T0.plusSeconds(1), Map.of()), "pay.success-3", 4);

		// then they read as they happened
		assertThat(timeline.entries()).extracting((entry) -> entry.fact().step())
			.containsExactly(TimelineFact.Step.CALLBACK, TimelineFact.Step.RELAYED, TimelineFact.Step.DEDUCTED);
	}

	@Test
	void factsOfTheSameInstantKeepTheCourseOfAPaymentThenTheirArrival() {
		// given a relay, a callback and a second callback, all in the same millisecond, read in that order
		Timeline timeline = Timeline.empty()
			.with(aFact(TimelineFact.Step.RELAYED, "PUBLISHED", T0, Map.of()), "pay.success-0", 1)
			.with(aCallback(T0, "ACCEPTED"), "pay.timeline-0", 1)
			.with(aCallback(T0, "DUPLICATE"), "pay.timeline-0", 2);

		// then the callbacks come first (a step's place in the course), in the order they were read
		assertThat(timeline.entries()).extracting((entry) -> entry.fact().decision())
			.containsExactly("ACCEPTED", "DUPLICATE", "PUBLISHED");
	}

	@Test
	void aRecordReadAgainAddsNothing() {
		// given a timeline that took offsets 4 and 5 of pay.success partition 3
		Timeline once = Timeline.empty()
			.with(aFact(TimelineFact.Step.RELAYED, "PUBLISHED", T0, Map.of()), "pay.success-3", 4)
			.with(aFact(TimelineFact.Step.RETRY_RELEASED, "RELEASED", T0.plusSeconds(30), Map.of()), "pay.success-3", 5);

		// when both are read again (a restart before the offsets were committed)
		Timeline again = once.with(aFact(TimelineFact.Step.RELAYED, "PUBLISHED", T0, Map.of()), "pay.success-3", 4)
			.with(aFact(TimelineFact.Step.RETRY_RELEASED, "RELEASED", T0.plusSeconds(30), Map.of()), "pay.success-3", 5);

		// then nothing was added; the same offset of another partition or topic is another record
		assertThat(again).isEqualTo(once);
		assertThat(once.with(aCallback(T0, "ACCEPTED"), "pay.timeline-3", 4).entries()).hasSize(3);
		assertThat(once.with(aCallback(T0, "ACCEPTED"), "pay.success-2", 4).entries()).hasSize(3);
	}

	@Test
	void aStormKeepsTheFirstAndTheLatestFactsAndCountsTheRest() {
		// given 1,000 callbacks, a second apart
		Timeline timeline = Timeline.empty();
		for (int i = 0; i < 1_000; i++) {
			timeline = timeline.with(aCallback(T0.plusSeconds(i), "DUPLICATE-" + i), "pay.timeline-0", i);
		}

		// then the first 50 and the last 150 stay, in order, and 800 are counted as left out
		assertThat(timeline.entries()).hasSize(Timeline.KEEP_FIRST + Timeline.KEEP_LAST);
		assertThat(timeline.omitted()).isEqualTo(800);
		assertThat(timeline.entries().get(0).fact().decision()).isEqualTo("DUPLICATE-0");
		assertThat(timeline.entries().get(49).fact().decision()).isEqualTo("DUPLICATE-49");
		assertThat(timeline.entries().get(50).fact().decision()).isEqualTo("DUPLICATE-850");
		assertThat(timeline.entries().get(199).fact().decision()).isEqualTo("DUPLICATE-999");
		// a re-read of a dropped record is still recognised
		assertThat(timeline.with(aCallback(T0.plusSeconds(500), "again"), "pay.timeline-0", 500)).isSameAs(timeline);
	}

	@Test
	void theTraceIdsAreListedOnceInTheOrderFirstSeen() {
		Timeline timeline = Timeline.empty()
			.with(aCallback(T0, "ACCEPTED"), "pay.timeline-0", 1)
			.with(new TimelineFact(Facts.ORDER, T0.plusSeconds(1), Services.DLT_HANDLER, "", TimelineFact.Step.REPLAY,
					"REPLAYED", "0af7651916cd43dd8448eb211c80319c", Map.of()), "pay.timeline-0", 2)
			.with(aFact(TimelineFact.Step.DEDUCTED, "DEDUCTED", T0.plusSeconds(2), Map.of()), "pay.deducted-0", 1)
			.with(new TimelineFact(Facts.ORDER, T0.plusSeconds(3), Services.RELAY, "", TimelineFact.Step.RELAYED,
					"PUBLISHED", null, Map.of()), "pay.success-0", 9);

		assertThat(timeline.traceIds()).containsExactly(Facts.TRACE_ID, "0af7651916cd43dd8448eb211c80319c");
	}

}
