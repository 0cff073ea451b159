package io.payonce.gateway.it;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

import io.payonce.contract.PaySuccess;
import io.payonce.gateway.callback.OutboxProperties;
import io.payonce.gateway.callback.domain.OutboxEvent;
import io.payonce.gateway.callback.jdbc.JdbcOutboxWriter;
import io.payonce.gateway.callback.jdbc.OutboxPurgeJob;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** RETENTION clean-up: rows stay for the retention period, then the purge job removes them. */
class RetentionPurgeRemovesOnlyOldOutboxRowsIT extends GatewayIntegrationTest {

	@Test
	void purgeDeletesRowsOlderThanTheRetentionAndKeepsTheRest() {
		// given one row written two days ago and one written now
		Instant now = Instant.now();
		String oldOrder = "O-" + newId();
		String newOrder = "O-" + newId();
		writer(now.minus(Duration.ofDays(2))).append(event(oldOrder));
		writer(now).append(event(newOrder));

		// when the purge runs with a retention of one day
		new OutboxPurgeJob(this.jdbc, Duration.ofDays(1), Clock.fixed(now, ZoneOffset.UTC)).purge();

		// then
		assertThat(outboxEvents(oldOrder)).isZero();
		assertThat(outboxEvents(newOrder)).isEqualTo(1);
	}

	private JdbcOutboxWriter writer(Instant at) {
		return new JdbcOutboxWriter(this.jdbc, OutboxProperties.Cleanup.RETENTION, Clock.fixed(at, ZoneOffset.UTC));
	}

	private static OutboxEvent event(String orderNo) {
		return OutboxEvent.of(UUID.randomUUID(), new PaySuccess("N-" + orderNo, orderNo, 1L, new BigDecimal("1.00"),
				"CNY", Instant.parse("2026-09-28T02:00:12Z")));
	}

}
