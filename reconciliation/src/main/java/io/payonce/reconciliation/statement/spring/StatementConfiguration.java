package io.payonce.reconciliation.statement.spring;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.platform.PaymentPlatform;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.freeze.AutomaticFreeze;
import io.payonce.reconciliation.statement.StatementImport;
import io.payonce.reconciliation.statement.file.FileStatementReports;
import io.payonce.reconciliation.statement.jdbc.JdbcLedgerDeductions;
import io.payonce.reconciliation.statement.jdbc.JdbcStatementImports;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** Wires statement reconciliation to the trade schema, the gateway, the platform and the report directory. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StatementProperties.class)
public class StatementConfiguration {

	@Bean
	FileStatementReports statementReports(StatementProperties properties) {
		return new FileStatementReports(properties.reportDir());
	}

	@Bean
	StatementImport statementImport(JdbcTemplate jdbc, GatewayPayments gateway, PaymentPlatform platform,
			FileStatementReports reports, MeterRegistry meters, StatementProperties properties, AutomaticFreeze freezes,
			Clock clock) {
		return new StatementImport(new JdbcStatementImports(jdbc), gateway, platform, new JdbcLedgerDeductions(jdbc),
				reports, new LogAndMeterStatementAlerts(meters), freezes, clock, properties.staleAfter());
	}

}
