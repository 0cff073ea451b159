package io.payonce.gateway.callback.jdbc;

import java.time.Clock;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * With {@code payonce.gateway.outbox.cleanup=RETENTION}: deletes outbox rows older than the retention. The
 * relay ignores deletes, so this only keeps the table small. The delete runs in its own transaction: pooled
 * connections do not auto-commit, and an uncommitted delete would be rolled back when its connection returns
 * to the pool.
 */
public class OutboxPurgeJob {

	private static final Logger log = LoggerFactory.getLogger(OutboxPurgeJob.class);

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	private final Duration retention;

	private final Clock clock;

	public OutboxPurgeJob(JdbcClient jdbc, TransactionTemplate transactions, Duration retention, Clock clock) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.retention = retention;
		this.clock = clock;
	}

	@Scheduled(fixedDelayString = "${payonce.gateway.outbox.purge-interval:1m}",
			initialDelayString = "${payonce.gateway.outbox.purge-interval:1m}")
	public void purge() {
		int rows = this.transactions.execute((tx) -> this.jdbc.sql("DELETE FROM t_outbox WHERE created_at < ?")
			.params(JdbcPaymentStore.utc(this.clock.instant().minus(this.retention)))
			.update());
		if (rows > 0) {
			log.info("Purged {} outbox row(s) older than {}", rows, this.retention);
		}
	}

}
