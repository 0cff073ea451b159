package io.payonce.gateway.it;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.OutboxProperties;
import io.payonce.gateway.callback.domain.OutboxEvent;
import io.payonce.gateway.callback.jdbc.JdbcOutboxWriter;
import io.payonce.gateway.callback.jdbc.OutboxPurgeJob;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RETENTION clean-up: rows stay for the retention period, then the purge job removes them, and commits: with
 * {@code auto-commit: false} an untransacted delete would be rolled back when its connection goes back to the
 * pool, and the old row would still be counted here.
 */
class RetentionPurgeRemovesOnlyOldOutboxRowsIT extends GatewayIntegrationTest {

	@Autowired
	PlatformTransactionManager transactionManager;

	@Test
	void purgeDeletesRowsOlderThanTheRetentionAndKeepsTheRest() {
		// given one row written two days ago and one written now (committed: connections do not auto-commit)
		Instant now = Instant.now();
		String oldOrder = "O-" + newId();
		String newOrder = "O-" + newId();
		TransactionTemplate inTransaction = new TransactionTemplate(this.transactionManager);
		inTransaction.executeWithoutResult((tx) -> writer(now.minus(Duration.ofDays(2))).append(event(oldOrder)));
		inTransaction.executeWithoutResult((tx) -> writer(now).append(event(newOrder)));

		// when the purge runs with a retention of one day
		new OutboxPurgeJob(this.jdbc, inTransaction, Duration.ofDays(1), Clock.fixed(now, ZoneOffset.UTC)).purge();

		// then
		assertThat(outboxEvents(oldOrder)).isZero();
		assertThat(outboxEvents(newOrder)).isEqualTo(1);
	}

	private JdbcOutboxWriter writer(Instant at) {
		return new JdbcOutboxWriter(this.jdbcTemplate, OutboxProperties.Cleanup.RETENTION, Clock.fixed(at, ZoneOffset.UTC));
	}

	private static OutboxEvent event(String orderNo) {
		return OutboxEvent.of(UUID.randomUUID(), new PaySuccess("N-" + orderNo, orderNo, 1L, new BigDecimal("1.00"),
				"CNY", Instant.parse("2026-09-28T02:00:12Z")), TraceContext.NONE);
	}

}
