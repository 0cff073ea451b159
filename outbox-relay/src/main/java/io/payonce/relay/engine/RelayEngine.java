package io.payonce.relay.engine;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import io.payonce.relay.config.DebeziumConfiguration;
import io.payonce.relay.delivery.KafkaBatchRelay;
import io.payonce.relay.delivery.ProducerUnusableException;
import io.payonce.relay.leadership.DatabaseLossWatch;
import io.payonce.relay.leadership.LeaderDuties;
import io.payonce.relay.leadership.LeadershipStatus.StepDown;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's duties: one term = one transactional producer, one {@link KafkaBatchRelay} and one Debezium
 * embedded engine on its own thread, from the stored binlog position until the term ends.
 * <p>
 * Order of a start, and why: first {@code initTransactions()} of the relay's one transactional id, which
 * aborts whatever transaction an earlier leader left open and fences its producer; only then the engine, which
 * reads the stored position. Whatever the former leader committed but had not yet stored as a position is
 * therefore in Kafka before this term reads the position, and is sent again (a duplicate, never a gap).
 * <p>
 * Stopping lets the current batch finish (or abandons it unmarked) and stores the position of every record the
 * relay marked processed, i.e. of committed ones only, before the producer is closed.
 */
public class RelayEngine implements LeaderDuties {

	private static final Logger log = LoggerFactory.getLogger(RelayEngine.class);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

	private final Properties engineProperties;

	private final LongSupplier serverIds;

	private final Supplier<Producer<byte[], byte[]>> producers;

	private final Function<Producer<byte[], byte[]>, KafkaBatchRelay> relays;

	private final RelayStatus status;

	private final Supplier<Optional<Boolean>> databaseConnected;

	private final DatabaseLossWatch databaseLoss;

	private final Clock clock;

	private Term term;

	/**
	 * @param serverIds the binlog replica id of each term (see {@link DebeziumConfiguration#SERVER_IDS})
	 * @param producers a new transactional producer (not yet initialised) for each term
	 * @param relays the batch consumer of a term around its producer
	 * @param databaseConnected the connector's own view of its binlog connection (empty while unknown)
	 */
	public RelayEngine(Properties engineProperties, LongSupplier serverIds, Supplier<Producer<byte[], byte[]>> producers,
			Function<Producer<byte[], byte[]>, KafkaBatchRelay> relays, RelayStatus status,
			Supplier<Optional<Boolean>> databaseConnected, DatabaseLossWatch databaseLoss, Clock clock) {
		this.engineProperties = engineProperties;
		this.serverIds = serverIds;
		this.producers = producers;
		this.relays = relays;
		this.status = status;
		this.databaseConnected = databaseConnected;
		this.databaseLoss = databaseLoss;
		this.clock = clock;
	}

	@Override
	public synchronized void start() {
		if (this.term != null) {
			return;
		}
		this.status.starting();
		Producer<byte[], byte[]> producer = this.producers.get();
		try {
			// Fences every earlier producer of the relay and aborts its open transaction.
			producer.initTransactions();
		}
		catch (RuntimeException ex) {
			producer.close(Duration.ZERO);
			this.status.failed("Cannot initialise the transactional producer: " + ex.getMessage());
			throw ex;
		}
		KafkaBatchRelay relay = this.relays.apply(producer);
		Term started = new Term(producer, relay);
		long serverId = this.serverIds.getAsLong();
		started.engine = DebeziumEngine.create(ChangeEventFormat.of(Connect.class))
			.using(DebeziumConfiguration.forTerm(this.engineProperties, serverId))
			.using(new DebeziumEngine.ConnectorCallback() {
				@Override
				public void pollingStarted() {
					RelayEngine.this.status.streaming();
				}
			})
			.using((success, message, error) -> completed(started, success, message, error))
			.notifying(relay)
			.build();
		started.executor.execute(started.engine);
		this.databaseLoss.termStarted(this.clock.instant());
		this.term = started;
		log.info("Term started: producer initialised (earlier producers fenced), binlog replica id {}", serverId);
	}

	private void completed(Term ended, boolean success, String message, Throwable error) {
		try {
			ProducerUnusableException unusable = unusableIn(error);
			if (ended.stopping && unusable == null) {
				// stopped on purpose: whatever the engine's last batch ran into on the way out is not a failure
				this.status.stopped();
			}
			else if (unusable != null) {
				ended.stepDown = unusable.fenced() ? StepDown.FENCED : StepDown.PRODUCER_FAILED;
				if (!unusable.fenced()) {
					this.status.failed(unusable.getMessage());
				}
				log.warn("Term ended: {}", unusable.getMessage());
			}
			else if (!success) {
				String explained = explain(message, error);
				this.status.failed(explained);
				ended.stepDown = StepDown.ENGINE_FAILED;
				log.error("Outbox relay engine stopped: {}", explained, error);
			}
			else {
				this.status.stopped();
			}
		}
		finally {
			ended.finished.countDown();
		}
	}

	private static ProducerUnusableException unusableIn(Throwable error) {
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			if (cause instanceof ProducerUnusableException unusable) {
				return unusable;
			}
		}
		return null;
	}

	/** Makes the one failure an operator must act on unmistakable. */
	static String explain(String message, Throwable error) {
		StringBuilder text = new StringBuilder((message != null) ? message : "engine failed");
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
				text.append(" | ").append(cause.getMessage());
			}
		}
		String all = text.toString();
		if (all.contains("no longer available on the server") || all.contains("Could not find first log file")
				|| all.contains("binlog") && all.contains("purged")) {
			return "BINLOG PURGED: the stored binlog position is no longer on the server, so outbox events "
					+ "written while the relay was down cannot be read. The relay refuses to skip them. Re-publish "
					+ "the missing events from the writers' business tables (t_payment, t_account_flow), then reset the "
					+ "relay offsets deliberately. "
					+ "Cause: " + all;
		}
		return all;
	}

	@Override
	public synchronized Optional<StepDown> stop() {
		Term stopping = this.term;
		if (stopping == null) {
			return Optional.empty();
		}
		this.term = null;
		stopping.stopping = true;
		stopping.relay.stop();
		closeEngine(stopping);
		stopping.executor.shutdown();
		try {
			if (!stopping.executor.awaitTermination(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				log.warn("Debezium engine did not stop within {} s", STOP_TIMEOUT.toSeconds());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		// After the engine: its last batch may still be committing. A fenced producer closes at once.
		stopping.producer.close(Duration.ofSeconds(5));
		this.status.stopped();
		return Optional.ofNullable(stopping.stepDown);
	}

	/**
	 * Debezium refuses {@code close()} while its tasks start (and once it is already stopping by itself): look
	 * again until it took the request or ended on its own.
	 */
	private static void closeEngine(Term stopping) {
		long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
		try {
			while (stopping.finished.getCount() > 0 && System.nanoTime() < deadline) {
				try {
					stopping.engine.close();
					break;
				}
				catch (IllegalStateException ex) {
					// starting its tasks, or already stopping: wait a little for either to pass
					stopping.finished.await(100, TimeUnit.MILLISECONDS);
				}
				catch (IOException ex) {
					log.warn("Closing the Debezium engine: {}", ex.getMessage());
					break;
				}
			}
			if (!stopping.finished.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
				log.warn("Debezium engine did not report its end within {} s", STOP_TIMEOUT.toSeconds());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public synchronized boolean isActive() {
		return this.term != null;
	}

	@Override
	public Optional<StepDown> stepDownRequested() {
		Term current;
		synchronized (this) {
			current = this.term;
		}
		if (current == null) {
			return Optional.empty();
		}
		if (current.stepDown != null) {
			return Optional.of(current.stepDown);
		}
		boolean engineRunning = current.finished.getCount() > 0;
		if (engineRunning && this.databaseLoss.lost(this.databaseConnected.get(), this.clock.instant())) {
			return Optional.of(StepDown.DATABASE_LOST);
		}
		return Optional.empty();
	}

	/** One term's parts; {@code engine} is set right after construction, before the term is published. */
	private static final class Term {

		final Producer<byte[], byte[]> producer;

		final KafkaBatchRelay relay;

		final ExecutorService executor = Executors
			.newSingleThreadExecutor((runnable) -> new Thread(runnable, "outbox-relay-engine"));

		final CountDownLatch finished = new CountDownLatch(1);

		DebeziumEngine<RecordChangeEvent<SourceRecord>> engine;

		volatile StepDown stepDown;

		volatile boolean stopping;

		Term(Producer<byte[], byte[]> producer, KafkaBatchRelay relay) {
			this.producer = producer;
			this.relay = relay;
		}

	}

}
