package io.payonce.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TargetsTest {

	@Test
	void atLeastTargetIsMetFromItsThresholdOn() {
		assertThat(Targets.E2E_RATE.verdict(1000)).isEqualTo(Targets.Status.MET);
		assertThat(Targets.E2E_RATE.verdict(999.9)).isEqualTo(Targets.Status.MISSED);
	}

	@Test
	void atMostTargetIsMetUpToItsThreshold() {
		assertThat(Targets.LATENCY_TO_COMMIT.verdict(100)).isEqualTo(Targets.Status.MET);
		assertThat(Targets.LATENCY_TO_COMMIT.verdict(101)).isEqualTo(Targets.Status.MISSED);
		assertThat(Targets.PIPELINE_CPU.verdict(4.74)).isEqualTo(Targets.Status.MISSED);
	}

	@Test
	void aDatabaseStatementDuringDuplicatesMissesTheZeroTarget() {
		assertThat(Targets.DUPLICATES_NO_DB.verdict(0)).isEqualTo(Targets.Status.MET);
		assertThat(Targets.DUPLICATES_NO_DB.verdict(1)).isEqualTo(Targets.Status.MISSED);
	}

	@Test
	void aNumberTheRunCouldNotMeasureIsNeverMet() {
		assertThat(Targets.RELAY.verdict(Double.NaN)).isEqualTo(Targets.Status.NOT_MEASURED);
		assertThat(Targets.Status.NOT_MEASURED.label()).isEqualTo("NOT MEASURED");
	}

	@Test
	void equalBatchingRatiosOfIssue19() {
		// the committed issue-8 run: guarded 1,868/s against the naive loop's 5,385/s at one transaction per poll
		double ratio = Targets.ratio(1868, 5385);

		assertThat(ratio).isBetween(0.34, 0.35);
		assertThat(Targets.GUARDED_VS_NAIVE_BATCHED.verdict(ratio)).isEqualTo(Targets.Status.MISSED);
		assertThat(Targets.GUARDED_VS_NAIVE_BATCHED.verdict(Targets.ratio(4400, 5385)))
			.isEqualTo(Targets.Status.MET);
		assertThat(Targets.CPU_VS_NAIVE_BATCHED.verdict(Targets.ratio(0.30, 0.255))).isEqualTo(Targets.Status.MET);
	}

	@Test
	void aRatioOfAnUnknownOrZeroBaselineIsNotMeasured() {
		assertThat(Targets.ratio(10, 0)).isNaN();
		assertThat(Targets.ratio(Double.NaN, 3)).isNaN();
		assertThat(Targets.GUARDED_VS_DEDUPE_BATCHED.verdict(Targets.ratio(10, 0)))
			.isEqualTo(Targets.Status.NOT_MEASURED);
	}

	@Test
	void targetTextNamesDirectionThresholdAndUnit() {
		assertThat(Targets.E2E_RATE.text()).isEqualTo(">= 1,000 pay/s");
		assertThat(Targets.PIPELINE_CPU.text()).isEqualTo("<= 1.50 ms");
	}

}
