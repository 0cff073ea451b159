package io.payonce.relay.support;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.contract.EventType;
import io.payonce.contract.Topic;
import io.payonce.relay.support.OutboxWriter.OutboxEvent;

/**
 * Steady outbox load on its own thread: one transaction of {@code rowsPerTransaction} rows per tick, until
 * {@code total} rows are committed or {@link #stop()}. An event counts as written only once its commit
 * returned; a transaction that failed (database down) is not retried, its events were never committed.
 * A commit whose outcome is unknown (connection lost during commit) is kept apart as uncertain.
 */
public final class LoadWriter implements AutoCloseable {

	private final OutboxWriter writer;

	private final String runId;

	private final int rowsPerTransaction;

	private final int total;

	private final Set<String> committed = ConcurrentHashMap.newKeySet();

	private final Set<String> uncertain = ConcurrentHashMap.newKeySet();

	private final AtomicInteger failedTransactions = new AtomicInteger();

	private final AtomicInteger sequence = new AtomicInteger();

	private final ScheduledExecutorService scheduler = Executors
		.newSingleThreadScheduledExecutor((runnable) -> new Thread(runnable, "outbox-load"));

	public LoadWriter(OutboxWriter writer, String runId, int rowsPerTransaction, int total) {
		this.writer = writer;
		this.runId = runId;
		this.rowsPerTransaction = rowsPerTransaction;
		this.total = total;
	}

	public LoadWriter start(long periodMillis) {
		this.scheduler.scheduleWithFixedDelay(this::tick, 0, periodMillis, TimeUnit.MILLISECONDS);
		return this;
	}

	private void tick() {
		if (this.committed.size() >= this.total) {
			this.scheduler.shutdown();
			return;
		}
		List<OutboxEvent> events = new ArrayList<>(this.rowsPerTransaction);
		for (int i = 0; i < this.rowsPerTransaction && this.committed.size() + i < this.total; i++) {
			String orderNo = this.runId + "-" + this.sequence.incrementAndGet();
			events.add(OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo, EventType.PAY_SUCCESS.wireName(),
					"{\"orderNo\":\"" + orderNo + "\",\"run\":\"" + this.runId + "\"}"));
		}
		try {
			this.writer.commit(events);
			events.forEach((event) -> this.committed.add(event.id()));
		}
		catch (SQLException ex) {
			this.failedTransactions.incrementAndGet();
			if (ex.getMessage() != null && ex.getMessage().toLowerCase().contains("commit")) {
				events.forEach((event) -> this.uncertain.add(event.id()));
			}
		}
	}

	public Set<String> committed() {
		return Set.copyOf(this.committed);
	}

	public int committedCount() {
		return this.committed.size();
	}

	public Set<String> uncertain() {
		return Set.copyOf(this.uncertain);
	}

	public int failedTransactions() {
		return this.failedTransactions.get();
	}

	public boolean isDone() {
		return this.scheduler.isShutdown();
	}

	public void stop() {
		this.scheduler.shutdown();
	}

	@Override
	public void close() throws InterruptedException {
		this.scheduler.shutdownNow();
		this.scheduler.awaitTermination(10, TimeUnit.SECONDS);
	}

}
