package io.payonce.reconciliation.statement.spring;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.ops.timeline.PublisherIdentity;
import io.payonce.platform.PaymentPlatform;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.freeze.AutomaticFreeze;
import io.payonce.reconciliation.statement.StatementFetch;
import io.payonce.reconciliation.statement.StatementImport;
import io.payonce.reconciliation.statement.StatementImports;
import io.payonce.reconciliation.statement.file.FileStatementReports;
import io.payonce.reconciliation.statement.jdbc.JdbcLedgerDeductions;
import io.payonce.reconciliation.statement.jdbc.JdbcStatementImports;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Wires statement reconciliation to the trade schema, the gateway, the platform and the report directory, the
 * scheduled fetch, and the gauge {@code payonce.reconciliation.statement.last_imported_day.age} (seconds since the
 * end of the newest UTC day with a finished import, read from {@code t_statement_import} at each scrape, so every
 * replica shows the same; NaN while none was imported or the database cannot be read).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StatementProperties.class)
public class StatementConfiguration {

	private static final Logger log = LoggerFactory.getLogger(StatementConfiguration.class);

	static final String LAST_IMPORTED_DAY_AGE = "payonce.reconciliation.statement.last_imported_day.age";

	@Bean
	FileStatementReports statementReports(StatementProperties properties) {
		return new FileStatementReports(properties.reportDir());
	}

	@Bean
	JdbcStatementImports statementImports(JdbcTemplate jdbc, MeterRegistry meters, Clock clock) {
		JdbcStatementImports imports = new JdbcStatementImports(jdbc);
		registerLastImportedDayAge(imports, clock, meters);
		return imports;
	}

	static void registerLastImportedDayAge(StatementImports imports, Clock clock, MeterRegistry meters) {
		Gauge.builder(LAST_IMPORTED_DAY_AGE, () -> lastImportedDayAge(imports, clock))
			.description("Seconds since the end of the newest UTC day whose statement was imported (NaN: none yet)")
			.baseUnit("seconds")
			.register(meters);
	}

	@Bean
	StatementImport statementImport(StatementImports imports, JdbcTemplate jdbc, GatewayPayments gateway,
			PaymentPlatform platform, FileStatementReports reports, MeterRegistry meters, StatementProperties properties,
			AutomaticFreeze freezes, Clock clock) {
		return new StatementImport(imports, gateway, platform, new JdbcLedgerDeductions(jdbc), reports,
				new LogAndMeterStatementAlerts(meters), freezes, clock, properties.staleAfter());
	}

	static double lastImportedDayAge(StatementImports imports, Clock clock) {
		try {
			return imports.lastImportedDay()
				.map((day) -> (double) Duration
					.between(day.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC), clock.instant())
					.toSeconds())
				.orElse(Double.NaN);
		}
		catch (RuntimeException ex) {
			log.debug("Last imported statement day unreadable: {}", ex.toString());
			return Double.NaN;
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ConditionalOnProperty(name = "payonce.reconciliation.statement.fetch.enabled", havingValue = "true",
			matchIfMissing = true)
	static class FetchConfiguration {

		@Bean
		StatementFetchJob statementFetchJob(PaymentPlatform platform, StatementImport importer,
				StatementImports imports, StatementProperties properties, TaskScheduler scheduler, MeterRegistry meters,
				Clock clock) {
			StatementProperties.Fetch settings = properties.fetch();
			String instance = PublisherIdentity.resolve(null, "reconciliation", null, System::getenv).instance();
			StatementFetch fetch = new StatementFetch(platform, importer, imports, clock, settings.catchUpDays(),
					("scheduler@" + instance).substring(0, Math.min(128, 10 + instance.length())));
			return new StatementFetchJob(fetch, (when, task) -> scheduler.schedule(task, when), clock,
					settings.retryInterval(), settings.maxRetries(), meters);
		}

	}

}
