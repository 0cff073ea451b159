package io.payonce.reconciliation.alert.infra;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The findings counter that the rule {@code PayonceReconciliationFinding} (dlt-handler's
 * {@code prometheus/payonce-alerts.yml}) names: exported at zero for every kind before the first finding, so
 * that Prometheus' {@code increase()} sees the first one.
 */
class MeterFindingSinkTest {

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	private final MeterFindingSink sink = new MeterFindingSink(this.registry);

	@Test
	void everyKindIsExportedAtZeroBeforeTheFirstFinding() {
		for (FindingKind kind : FindingKind.values()) {
			assertThat(this.registry.scrape())
				.containsPattern("(?m)^payonce_reconciliation_findings_total\\{kind=\"" + kind + "\"} 0\\.0$");
		}
	}

	@Test
	void aFindingCountsUnderItsKind() {
		// when
		this.sink.raise(new Finding("MISSING:O-1", FindingKind.MISSING, "O-1", null, List.of(), "no deduction",
				Instant.parse("2026-11-30T10:00:00Z")));

		// then
		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_findings_total\\{kind=\"MISSING\"} 1\\.0$");
	}

	@Test
	void aSettlementCountsAsSettledNotAsAnotherFinding() {
		// given a MISSING raised
		Finding missing = new Finding("MISSING:O-2", FindingKind.MISSING, "O-2", null, List.of(), "no deduction",
				Instant.parse("2026-11-30T10:00:00Z"));
		this.sink.raise(missing);

		// when its deduction comes late
		this.sink.raise(missing.settledBy(new Finding.Settlement(Instant.parse("2026-11-30T10:12:00Z"),
				Duration.ofMinutes(17), "deduction flow 7 arrived PT17M after the payment")));

		// then one raised, one settled
		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_findings_total\\{kind=\"MISSING\"} 1\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_settled_total\\{kind=\"MISSING\"} 1\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_settled_total\\{kind=\"DUPLICATE\"} 0\\.0$");
	}

}
