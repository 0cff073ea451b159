package io.payonce.reconciliation.config;

import java.time.Clock;

import io.payonce.reconciliation.audit.AuditService;
import io.payonce.reconciliation.audit.file.FileReportArchive;
import io.payonce.reconciliation.audit.jdbc.JdbcLedgerReader;
import io.payonce.reconciliation.reversal.ReversalNotices;
import io.payonce.reconciliation.reversal.ReversalService;
import io.payonce.reconciliation.reversal.jdbc.JdbcReversalLedger;
import io.payonce.reconciliation.continuous.streams.ContinuousProperties;
import io.payonce.reconciliation.finding.FindingsService;
import io.payonce.reconciliation.finding.jdbc.JdbcOrderFacts;
import io.payonce.reconciliation.order.OrderLookup;
import io.payonce.reconciliation.order.jdbc.JdbcOrderLookup;
import io.payonce.reconciliation.finding.kafka.KafkaFindingsLog;
import io.payonce.reconciliation.finding.OpenFindings;
import io.payonce.reconciliation.finding.kafka.FindingsTopicFollower;
import io.payonce.reconciliation.finding.metrics.OpenFindingsGauges;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.freeze.FreezeService;
import io.payonce.reconciliation.freeze.jdbc.JdbcFreezeLedger;
import io.payonce.reconciliation.topup.TopUpService;
import io.payonce.reconciliation.topup.jdbc.JdbcTopUpLedger;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/** Wires the plain services to their JDBC and file adapters. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ AuditProperties.class, ContinuousProperties.class })
class CoreConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	AuditService auditService(JdbcTemplate jdbc, PlatformTransactionManager transactions, AuditProperties audit,
			Clock clock) {
		return new AuditService(new JdbcLedgerReader(jdbc, transactions), new FileReportArchive(audit.reportDir()),
				clock, audit.maxSpan());
	}

	@Bean
	ReversalService reversalService(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock,
			ReversalNotices notices) {
		return new ReversalService(new JdbcReversalLedger(jdbc, transactions), clock, notices);
	}

	@Bean
	TopUpService topUpService(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock) {
		return new TopUpService(new JdbcTopUpLedger(jdbc, transactions), clock);
	}

	@Bean
	FreezeService freezeService(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock) {
		return new FreezeService(new JdbcFreezeLedger(jdbc, transactions), clock);
	}

	@Bean
	FindingsService findingsService(KafkaProperties kafka, ContinuousProperties continuous, JdbcTemplate jdbc) {
		return new FindingsService(
				new KafkaFindingsLog(String.join(",", kafka.getBootstrapServers()), continuous.findingsTopic()),
				new JdbcOrderFacts(jdbc));
	}

	@Bean
	OpenFindings openFindings() {
		return new OpenFindings();
	}

	@Bean
	FindingsTopicFollower findingsTopicFollower(KafkaProperties kafka, ContinuousProperties continuous,
			OpenFindings open) {
		return new FindingsTopicFollower(String.join(",", kafka.getBootstrapServers()), continuous.findingsTopic(),
				open);
	}

	@Bean
	OpenFindingsGauges openFindingsGauges(OpenFindings open, FindingsTopicFollower follower, Clock clock,
			MeterRegistry registry) {
		return new OpenFindingsGauges(open, follower::caughtUp, clock, registry);
	}

	@Bean
	OrderLookup orderLookup(JdbcTemplate jdbc) {
		return new JdbcOrderLookup(jdbc);
	}

}
