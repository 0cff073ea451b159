package io.payonce.reconciliation.statement.spring;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.payonce.platform.Statement;
import io.payonce.reconciliation.statement.CurrencyBalance;
import io.payonce.reconciliation.statement.StatementFinding;
import io.payonce.reconciliation.statement.StatementImports;
import io.payonce.reconciliation.statement.StatementReport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statement metrics that the rules {@code PayonceStatement*} (dlt-handler's {@code prometheus/payonce-alerts.yml})
 * name, under the names Prometheus sees: the counters exported at zero before the first import (so that
 * {@code increase()} sees the first finding), and the last imported day's age.
 */
class StatementMetricsTest {

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	@Test
	void countersAreExportedAtZeroBeforeTheFirstImportAndCountAnImportsFindings() {
		// given
		LogAndMeterStatementAlerts alerts = new LogAndMeterStatementAlerts(this.registry);
		for (String kind : List.of("unknown_payment", "missing_callback", "amount_mismatch")) {
			assertThat(this.registry.scrape())
				.containsPattern("(?m)^payonce_reconciliation_statement_findings_total\\{kind=\"" + kind + "\"} 0\\.0$");
		}
		assertThat(this.registry.scrape()).containsPattern("(?m)^payonce_reconciliation_statement_unbalanced_total 0\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_statement_line_errors_total 0\\.0$");

		// when an import with an unknown payment, an unreadable line and unbalanced totals is raised
		alerts.raise(new StatementReport(LocalDate.parse("2026-11-29"), "0".repeat(64), "scheduler@a", "SCHEDULE",
				Instant.parse("2026-11-30T00:30:00Z"), 1, List.of(new Statement.LineError(3, "amount", "not a number")),
				List.of(new StatementFinding(StatementFinding.Kind.UNKNOWN_PAYMENT, null, "PN-U", "O-U", "CNY", null,
						new BigDecimal("9.00"), null, "not on the statement")),
				List.of(new CurrencyBalance("CNY", 1, new BigDecimal("10.00"), 1, new BigDecimal("9.00"),
						BigDecimal.ZERO, new BigDecimal("9.00"), BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO)),
				true));

		// then
		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_statement_findings_total\\{kind=\"unknown_payment\"} 1\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_statement_unbalanced_total 1\\.0$")
			.containsPattern("(?m)^payonce_reconciliation_statement_line_errors_total 1\\.0$");
	}

	@Test
	void lastImportedDayAgeIsExportedInSeconds() {
		StatementConfiguration.registerLastImportedDayAge(new LastDay(LocalDate.parse("2026-11-29")),
				Clock.fixed(Instant.parse("2026-11-30T06:00:00Z"), ZoneOffset.UTC), this.registry);

		assertThat(this.registry.scrape())
			.containsPattern("(?m)^payonce_reconciliation_statement_last_imported_day_age_seconds 21600\\.0$");
	}

	/** Imports whose newest finished day is known. */
	private record LastDay(LocalDate day) implements StatementImports {

		@Override
		public Optional<ImportRecord> claim(String sha256, LocalDate day, String operator, String channel, Instant now,
				Instant staleBefore) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void finish(String sha256, Status status, int rows, int errors, int findings, String report,
				Instant now) {
			throw new UnsupportedOperationException();
		}

		@Override
		public Set<LocalDate> importedDays(LocalDate from, LocalDate to) {
			return Set.of(this.day);
		}

		@Override
		public Optional<LocalDate> lastImportedDay() {
			return Optional.of(this.day);
		}

		@Override
		public List<ImportSummary> list(LocalDate from, LocalDate to, int limit) {
			return List.of();
		}

	}

}
