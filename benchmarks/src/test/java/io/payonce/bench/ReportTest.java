package io.payonce.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReportTest {

	private static Report aReport() {
		Report report = new Report();
		report.section("consumers at equal batching");
		report.add("guarded consumer, unique records", 1868, "rec/s", "naive loop, 1 tx per poll", 5385,
				Targets.GUARDED_VS_NAIVE_BATCHED, Targets.ratio(1868, 5385));
		report.add("relay catch-up events/s", 26_000, "ev/s", "", 0, Targets.RELAY, 26_000);
		report.add("raw Kafka consume", 478_428, "rec/s", "", 0, "", null);
		return report;
	}

	@Test
	void failedChecksAreTheTablesFirstLine() {
		Report report = aReport();
		report.failure = new ExactlyOnce.Verdict(List.of(new ExactlyOnce.Check("e2eMax", 10, 10, 11, 10, 10, 27500,
				2500))).headline();

		List<String> lines = report.table("PayOnce benchmark, scale small").lines().toList();

		assertThat(lines.get(0)).startsWith("FAILED: exactly-once checks failed (2): e2eMax: duplicate deduction");
		assertThat(lines.get(1)).isEqualTo("PayOnce benchmark, scale small");
	}

	@Test
	void passedRunStartsWithItsHeaderThenTheComputedTargetVerdicts() {
		List<String> lines = aReport().table("PayOnce benchmark, scale small").lines().toList();

		assertThat(lines.get(0)).isEqualTo("PayOnce benchmark, scale small");
		assertThat(lines.get(1)).startsWith("targets");
		assertThat(lines.get(2)).contains("MISSED", "guarded / naive consumer at equal batching", ">= 0.800 x",
				"measured 0.347");
		assertThat(lines.get(3)).contains("MET", "relay catch-up events/s", "measured 26,000");
	}

	@Test
	void sectionsAreHeadingsAndRowsCarryTheirVerdict() {
		String table = aReport().table("h");

		assertThat(table).contains("-- consumers at equal batching");
		assertThat(table.lines().filter((line) -> line.startsWith("guarded consumer, unique records")))
			.singleElement()
			.asString()
			.contains("issue 19: >= 0.800 x", "MISSED", "0.35");
	}

}
