package io.payonce.reconciliation.finding.metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;
import io.payonce.reconciliation.finding.OpenFindings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gauges the rule {@code PayonceFindingsOpen} (dlt-handler's {@code prometheus/payonce-alerts.yml}) names, as
 * Prometheus scrapes them: every kind from the start, NaN until the findings topic was read to its end.
 */
class OpenFindingsGaugesTest {

	private static final Instant NOW = Instant.parse("2026-12-01T00:30:00Z");

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	private final OpenFindings open = new OpenFindings();

	private final AtomicBoolean caughtUp = new AtomicBoolean();

	OpenFindingsGaugesTest() {
		new OpenFindingsGauges(this.open, this.caughtUp::get, Clock.fixed(NOW, ZoneOffset.UTC), this.registry);
	}

	@Test
	void beforeTheTopicWasReadToItsEndTheGaugesSayNotANumber() {
		this.open.apply(missing("O-1", NOW.minusSeconds(60)));

		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_findings_open\\{kind=\"MISSING\"} NaN$")
			.containsPattern("(?m)^payonce_reconciliation_findings_open_oldest_age_seconds\\{kind=\"MISSING\"} NaN$");
	}

	@Test
	void openFindingsAreCountedByKindWithTheAgeOfTheOldestAndASettlementClosesOne() {
		// given two MISSING raised 20 and 5 minutes ago, the older one settled since, and the topic read
		Finding older = missing("O-1", NOW.minus(Duration.ofMinutes(20)));
		this.open.apply(older);
		this.open.apply(missing("O-2", NOW.minus(Duration.ofMinutes(5))));
		this.caughtUp.set(true);
		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_findings_open\\{kind=\"MISSING\"} 2\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_open_oldest_age_seconds\\{kind=\"MISSING\"} 1200\\.0$");

		// when the older one's deduction comes late
		this.open.apply(older.settledBy(new Finding.Settlement(NOW, Duration.ofMinutes(25), "flow 7 came late")));

		// then one is open, five minutes old; the other kinds are there at zero
		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_findings_open\\{kind=\"MISSING\"} 1\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_open_oldest_age_seconds\\{kind=\"MISSING\"} 300\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_open\\{kind=\"DUPLICATE\"} 0\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_findings_open_oldest_age_seconds\\{kind=\"MISMATCH\"} 0\\.0$");
	}

	private static Finding missing(String orderNo, Instant raisedAt) {
		return new Finding("MISSING:" + orderNo, FindingKind.MISSING, orderNo, null, List.of(), "no deduction",
				raisedAt);
	}

}
