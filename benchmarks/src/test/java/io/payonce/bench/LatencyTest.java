package io.payonce.bench;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyTest {

	private static TimelineFact fact(String orderNo, long atMillis, String service, TimelineFact.Step step,
			String decision) {
		return new TimelineFact(orderNo, Instant.ofEpochMilli(atMillis), service, "host-1", step, decision, null,
				Map.of());
	}

	@Test
	void latencyIsEndMinusStartPerOrderWithNearestRankPercentiles() {
		Map<String, Long> accepted = new HashMap<>();
		Map<String, Long> committed = new HashMap<>();
		for (int i = 1; i <= 1000; i++) {
			accepted.put("O" + i, 10_000L);
			committed.put("O" + i, 10_000L + i);
		}

		Latency.Distribution latency = Latency.between(accepted, committed);

		assertThat(latency.samples()).isEqualTo(1000);
		assertThat(latency.p50()).isEqualTo(500);
		assertThat(latency.p99()).isEqualTo(990);
		assertThat(latency.p999()).isEqualTo(999);
		assertThat(latency.missing()).isZero();
	}

	@Test
	void aPaymentWithoutCommitIsMissingNotZero() {
		Latency.Distribution latency = Latency.between(Map.of("A", 100L, "B", 100L), Map.of("A", 130L));

		assertThat(latency.sortedMillis()).containsExactly(30);
		assertThat(latency.missing()).isEqualTo(1);
	}

	@Test
	void aCommitSeenBeforeTheClientReadItsAnswerCountsAsZeroAndIsCounted() {
		Latency.Distribution latency = Latency.between(Map.of("A", 100L, "B", 100L), Map.of("A", 98L, "B", 120L));

		assertThat(latency.sortedMillis()).containsExactly(0, 20);
		assertThat(latency.negative()).isEqualTo(1);
	}

	@Test
	void noSamplesGiveNoPercentile() {
		Latency.Distribution latency = Latency.between(Map.of("A", 100L), Map.of());

		assertThat(latency.p99()).isNaN();
		assertThat(Targets.LATENCY_TO_COMMIT.verdict(latency.p99())).isEqualTo(Targets.Status.NOT_MEASURED);
	}

	@Test
	void commitTimeIsTheConsumersFirstDeliveryFactOnly() {
		List<TimelineFact> facts = List.of(fact("A", 100, "producer-gateway", TimelineFact.Step.CALLBACK, "ACCEPTED"),
				fact("A", 140, "deduct-consumer", TimelineFact.Step.DELIVERY, "FIRST"),
				fact("A", 900, "deduct-consumer", TimelineFact.Step.DELIVERY, "DUPLICATE"),
				fact("B", 150, "deduct-consumer", TimelineFact.Step.DELIVERY, "RETRY"),
				fact("C", 170, "reconciliation", TimelineFact.Step.DELIVERY, "FIRST"));

		Map<String, Long> commits = Latency.deductionCommits(facts);

		assertThat(commits).containsExactly(Map.entry("A", 140L));
	}

	@Test
	void aRepeatedFirstFactKeepsTheEarliest() {
		List<TimelineFact> facts = List.of(fact("A", 160, "deduct-consumer", TimelineFact.Step.DELIVERY, "FIRST"),
				fact("A", 140, "deduct-consumer", TimelineFact.Step.DELIVERY, "FIRST"));

		assertThat(Latency.deductionCommits(facts)).containsEntry("A", 140L);
	}

}
