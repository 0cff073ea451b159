package io.payonce.gateway.callback.jdbc;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.payonce.gateway.callback.OutboxProperties;
import io.payonce.gateway.callback.domain.OutboxEvent;
import io.payonce.gateway.callback.domain.OutboxWriter;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes {@code t_outbox}. With {@link OutboxProperties.Cleanup#IMMEDIATE} the row is deleted again in the
 * same transaction: the binlog still carries the insert, which is all the relay reads, and the table never
 * grows. With {@link OutboxProperties.Cleanup#RETENTION} the row stays until {@link OutboxPurgeJob} removes
 * it, which lets operators and tests see what was published.
 */
public class JdbcOutboxWriter implements OutboxWriter {

	private final JdbcClient jdbc;

	private final JdbcTemplate batches;

	private final OutboxProperties.Cleanup cleanup;

	private final Clock clock;

	public JdbcOutboxWriter(JdbcTemplate jdbc, OutboxProperties.Cleanup cleanup, Clock clock) {
		this.jdbc = JdbcClient.create(jdbc);
		this.batches = jdbc;
		this.cleanup = cleanup;
		this.clock = clock;
	}

	@Override
	public void append(OutboxEvent event) {
		appendAll(List.of(event));
	}

	/** One multi-row {@code INSERT} (and one {@code DELETE}) for the events of a group commit's batch. */
	@Override
	public void appendAll(List<OutboxEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		LocalDateTime createdAt = JdbcPaymentStore.utc(this.clock.instant());
		List<Object> params = new ArrayList<>(events.size() * 8);
		List<String> ids = new ArrayList<>(events.size());
		for (OutboxEvent event : events) {
			params.addAll(Arrays.asList(event.id().toString(), event.aggregateType(), event.aggregateId(), event.type(),
					event.payload(), createdAt, event.trace().traceparent(), event.trace().tracestate()));
			ids.add(event.id().toString());
		}
		this.jdbc.sql("""
				INSERT INTO t_outbox (id, aggregatetype, aggregateid, type, payload, created_at, traceparent, tracestate)
				VALUES """ + String.join(", ", Collections.nCopies(events.size(), "(?, ?, ?, ?, ?, ?, ?, ?)")))
			.params(params)
			.update();
		if (this.cleanup == OutboxProperties.Cleanup.IMMEDIATE) {
			// By exact key, one JDBC batch; not one DELETE ... IN: on a nearly empty outbox MariaDB scans the primary
			// key for it with next-key locks, over other transactions' uncommitted rows too, and two writers can
			// deadlock (seen in the consumer, which writes its outbox the same way: JdbcLedger#writeOutbox).
			this.batches.batchUpdate("DELETE FROM t_outbox WHERE id = ?",
					ids.stream().map((id) -> new Object[] { id }).toList());
		}
	}

}
