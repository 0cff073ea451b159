package io.payonce.gateway.callback;

import java.sql.Connection;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.gateway.callback.domain.CallbackIntake;
import io.payonce.gateway.callback.domain.CallbackValidator;
import io.payonce.gateway.callback.domain.SignatureVerifier;
import io.payonce.gateway.callback.jdbc.JdbcOutboxWriter;
import io.payonce.gateway.callback.jdbc.JdbcPaymentStore;
import io.payonce.gateway.callback.jdbc.OutboxPurgeJob;
import io.payonce.gateway.callback.jdbc.SpringTransactions;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Wires the framework-free callback domain to JDBC, Spring transactions and the settings. */
@Configuration(proxyBeanMethods = false)
class CallbackConfiguration {

	/**
	 * Opens the callbacks' pool while the application starts, before the connector accepts a callback: Flyway
	 * migrates as the schema's owner through a data source of its own, so nothing else would touch this pool
	 * before the first callback. Wrong credentials of the runtime user thus stop the start (as a database that
	 * cannot be reached already does, through Flyway) instead of answering the first callbacks 503.
	 */
	@Bean
	InitializingBean callbackPoolOpensAtStart(DataSource dataSource) {
		return () -> {
			try (Connection connection = dataSource.getConnection()) {
				connection.isValid(2);
			}
		};
	}

	@Bean
	SignatureVerifier signatureVerifier(SignatureProperties properties, Clock clock) {
		return new SignatureVerifier(properties.secrets(), properties.tolerance(), clock);
	}

	@Bean
	CallbackValidator callbackValidator(CallbackProperties properties, Clock clock) {
		return new CallbackValidator(properties.maxAmount(), properties.paidAtMaxAhead(), clock);
	}

	/**
	 * The intake, with group commit unless {@code payonce.gateway.group-commit.enabled=false}. Closed with the context
	 * (its writers finish their batch; callbacks still waiting take the single path).
	 */
	@Bean
	CallbackIntake callbackIntake(JdbcClient jdbc, JdbcTemplate jdbcTemplate,
			PlatformTransactionManager transactionManager, OutboxProperties outbox, GroupCommitProperties groupCommit,
			MeterRegistry meters, Clock clock) {
		AtomicInteger writerNo = new AtomicInteger();
		ThreadFactory writers = (work) -> {
			Thread writer = new Thread(work, "group-commit-" + writerNo.incrementAndGet());
			writer.setDaemon(true);
			return writer;
		};
		return new CallbackIntake(new JdbcPaymentStore(jdbc), new JdbcOutboxWriter(jdbcTemplate, outbox.cleanup(), clock),
				new SpringTransactions(new TransactionTemplate(transactionManager)), clock, UUID::randomUUID,
				groupCommit.settings(), writers, new GroupCommitMetrics(meters));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ConditionalOnProperty(name = "payonce.gateway.outbox.cleanup", havingValue = "RETENTION")
	static class RetentionConfiguration {

		@Bean
		OutboxPurgeJob outboxPurgeJob(JdbcClient jdbc, PlatformTransactionManager transactionManager,
				OutboxProperties outbox, Clock clock) {
			return new OutboxPurgeJob(jdbc, new TransactionTemplate(transactionManager), outbox.retention(), clock);
		}

	}

}
