package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.List;
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
	void aRetryOrTerminalRecordFollowsTheDeliveryThatFailedThoughStampedBeforeIt() {
		// given the consumer's retry record (stamped when sent, T0+5ms) and the fact of the delivery that decided it
		// (stamped after the record was acknowledged, T0+9ms), the delivered record being pay.success-2@40
		TimelineFact delivery = aFact(TimelineFact.Step.DELIVERY, "RETRY", T0.plusMillis(9),
				Map.of("topic", "pay.success", "partition", "2", "offset", "40"));
		TimelineFact held = aFact(TimelineFact.Step.RETRY_HELD, "HELD", T0.plusMillis(5),
				Map.of("originTopic", "pay.success", "originPartition", "2", "originOffset", "40"));
		TimelineFact unrelated = aFact(TimelineFact.Step.TERMINAL, "CONFLICT", T0.plusMillis(6),
				Map.of("originTopic", "pay.success", "originPartition", "2", "originOffset", "41"));

		// when they are read in either order
		Timeline heldFirst = Timeline.empty()
			.with(held, "pay.success.retry-2", 7)
			.with(unrelated, "pay.success.terminal-2", 1)
			.with(delivery, "pay.timeline-2", 3);
		Timeline deliveryFirst = Timeline.empty()
			.with(delivery, "pay.timeline-2", 3)
			.with(unrelated, "pay.success.terminal-2", 1)
			.with(held, "pay.success.retry-2", 7);

		// then the held record stands after its delivery (its own time kept); another delivery's record does not move
		for (Timeline timeline : java.util.List.of(heldFirst, deliveryFirst)) {
			assertThat(timeline.entries()).extracting((entry) -> entry.fact().decision())
				.containsExactly("CONFLICT", "RETRY", "HELD");
			assertThat(timeline.entries().get(2).fact().at()).isEqualTo(T0.plusMillis(5));
		}
	}

	@Test
	void aDeductionFollowsTheDeliveryThatBookedItsFlow() {
		Timeline timeline = Timeline.empty()
			.with(aFact(TimelineFact.Step.DEDUCTED, "DEDUCTED", T0, Map.of("flowId", "42")), "pay.deducted-0", 1)
			.with(aFact(TimelineFact.Step.DELIVERY, "FIRST", T0.plusMillis(3), Map.of("topic", "pay.success",
					"partition", "0", "offset", "9", "flowId", "42")), "pay.timeline-0", 1);

		assertThat(timeline.entries()).extracting((entry) -> entry.fact().step())
			.containsExactly(TimelineFact.Step.DELIVERY, TimelineFact.Step.DEDUCTED);
	}

	@Test
	void aFindingSettledByADeductionFollowsThatDeductionThoughStampedBeforeItsDelivery() {
		// given reconciliation's settlement (stamped when it read pay.deducted, T0+2ms), the deduction (committed at
		// T0) and the fact of the delivery that booked it (stamped after its offsets were committed, T0+5ms)
		TimelineFact settled = aFact(TimelineFact.Step.FINDING, "SETTLED", T0.plusMillis(2),
				Map.of("kind", "MISSING", "flowId", "42"));
		TimelineFact deducted = aFact(TimelineFact.Step.DEDUCTED, "DEDUCTED", T0, Map.of("flowId", "42"));
		TimelineFact delivery = aFact(TimelineFact.Step.DELIVERY, "FIRST", T0.plusMillis(5),
				Map.of("topic", "pay.success", "partition", "0", "offset", "9", "flowId", "42"));
		TimelineFact otherFlow = aFact(TimelineFact.Step.FINDING, "SETTLED", T0.plusMillis(1),
				Map.of("kind", "MISSING", "flowId", "43"));

		// when they are read in any order
		for (List<TimelineFact> arrival : List.of(List.of(settled, deducted, delivery, otherFlow),
				List.of(delivery, otherFlow, deducted, settled), List.of(otherFlow, deducted, settled, delivery))) {
			Timeline timeline = Timeline.empty();
			int offset = 0;
			for (TimelineFact fact : arrival) {
				timeline = timeline.with(fact, "topic-" + fact.step(), offset++);
			}

			// then the settlement stands after the deduction, which stands after its delivery; a settlement by
			// another flow does not move
			assertThat(timeline.entries()).as("%s", arrival)
				.extracting((entry) -> entry.fact().step() + " " + entry.fact().detail().get("flowId"))
				.containsExactly("FINDING 43", "DELIVERY 42", "DEDUCTED 42", "FINDING 42");
		}
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
