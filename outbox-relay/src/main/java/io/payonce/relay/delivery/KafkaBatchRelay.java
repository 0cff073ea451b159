package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import io.payonce.ops.logging.TraceLogContext;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ApplicationRecoverableException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's batch consumer. Each batch is one Kafka transaction of the relay's transactional producer.
 * Invariants:
 * <ul>
 * <li>A record is marked processed (so its binlog position may be stored) only after the transaction holding it
 * committed: every stored position is one whose records are all in Kafka.</li>
 * <li>A failed transaction is aborted and the whole batch sent again, in order, with backoff, until it commits
 * or the relay stops; nothing is ever skipped. Readers with {@code read_committed} never see an aborted
 * copy.</li>
 * <li>Once another instance has initialised the same transactional id, this producer is fenced: the broker
 * refuses its writes and its commit, the batch is not marked, and {@link ProducerUnusableException} ends the
 * term. This is what stops a paused or cut-off former leader from publishing after a standby took over.</li>
 * </ul>
 * A crash can still re-send what committed but was not yet stored as a position; the consumer deduplicates by
 * event id and orderNo.
 */
public class KafkaBatchRelay implements DebeziumEngine.ChangeConsumer<RecordChangeEvent<SourceRecord>> {

	private static final Logger log = LoggerFactory.getLogger(KafkaBatchRelay.class);

	private final Producer<byte[], byte[]> producer;

	private final RelayDeliveryProperties delivery;

	private final RelayStatus status;

	private final RelayMetrics metrics;

	private final Clock clock;

	private final RecordHeader relayedBy;

	private final CountDownLatch stopping = new CountDownLatch(1);

	/**
	 * @param producer transactional, {@code initTransactions()} already called
	 * @param instanceId written into the {@code payonce-relayed-by} header of every record, so that any record
	 * in Kafka names the instance that published it
	 */
	public KafkaBatchRelay(Producer<byte[], byte[]> producer, RelayDeliveryProperties delivery, RelayStatus status,
			RelayMetrics metrics, Clock clock, String instanceId) {
		this.producer = producer;
		this.delivery = delivery;
		this.status = status;
		this.metrics = metrics;
		this.clock = clock;
		this.relayedBy = new RecordHeader(PayonceHeaders.RELAYED_BY, instanceId.getBytes(StandardCharsets.UTF_8));
	}

	@Override
	public void handleBatch(List<RecordChangeEvent<SourceRecord>> records,
			DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> committer) throws InterruptedException {
		List<OutboxMessage> pending = new ArrayList<>(records.size());
		for (RecordChangeEvent<SourceRecord> record : records) {
			pending.add(OutboxMessageMapper.map(record.record()));
		}
		publishUntilCommitted(pending);
		for (RecordChangeEvent<SourceRecord> record : records) {
			committer.markProcessed(record);
		}
		committer.markBatchFinished();
	}

	private void publishUntilCommitted(List<OutboxMessage> messages) throws InterruptedException {
		Duration backoff = this.delivery.retryBackoffInitial();
		this.status.awaitingAcks();
		while (true) {
			KafkaException failure = publishInOneTransaction(messages);
			if (failure == null) {
				this.status.acknowledged();
				return;
			}
			this.metrics.retried(messages.size());
			log.warn("Transaction of {} outbox records aborted ({}); sending them again in {} ms", messages.size(),
					failure.toString(), backoff.toMillis());
			awaitBackoff(backoff, messages.size());
			backoff = min(backoff.multipliedBy(2), this.delivery.retryBackoffMax());
		}
	}

	/** @return {@code null} once committed, else the failure after which the transaction was aborted */
	private KafkaException publishInOneTransaction(List<OutboxMessage> messages) throws InterruptedException {
		RecordMetadata[] written = new RecordMetadata[messages.size()];
		try {
			this.producer.beginTransaction();
			long started = System.nanoTime();
			for (int i = 0; i < messages.size(); i++) {
				int index = i;
				this.producer.send(messages.get(i).toProducerRecord(this.relayedBy), (metadata, exception) -> {
					if (exception == null) {
						this.metrics.sendLatency(System.nanoTime() - started);
						written[index] = metadata;
					}
				});
			}
			// flushes and waits for every acknowledgement (their callbacks ran); fails if any send failed
			commit(messages.size());
		}
		catch (InterruptException ex) {
			throw interrupted(ex);
		}
		catch (KafkaException ex) {
			throwIfUnusable(ex);
			this.status.sendFailed(ex.getClass().getSimpleName() + ": " + ex.getMessage());
			abort(messages.size());
			return ex;
		}
		for (int i = 0; i < messages.size(); i++) {
			acknowledged(messages.get(i), written[i]);
		}
		return null;
	}

	/** A commit that timed out has an unknown outcome; Kafka allows (and requires) the same commit again. */
	private void commit(int size) throws InterruptedException {
		Duration backoff = this.delivery.retryBackoffInitial();
		while (true) {
			long started = System.nanoTime();
			try {
				this.producer.commitTransaction();
				this.metrics.commitLatency(System.nanoTime() - started);
				return;
			}
			catch (TimeoutException ex) {
				this.status.sendFailed("commit timed out: " + ex.getMessage());
				log.warn("Commit of {} outbox records timed out; committing again in {} ms", size, backoff.toMillis());
				awaitBackoff(backoff, size);
				backoff = min(backoff.multipliedBy(2), this.delivery.retryBackoffMax());
			}
		}
	}

	private void abort(int size) throws InterruptedException {
		Duration backoff = this.delivery.retryBackoffInitial();
		while (true) {
			try {
				this.producer.abortTransaction();
				return;
			}
			catch (TimeoutException ex) {
				log.warn("Abort of {} outbox records timed out; aborting again in {} ms", size, backoff.toMillis());
				awaitBackoff(backoff, size);
				backoff = min(backoff.multipliedBy(2), this.delivery.retryBackoffMax());
			}
			catch (InterruptException ex) {
				throw interrupted(ex);
			}
			catch (KafkaException ex) {
				throwIfUnusable(ex);
				throw new ProducerUnusableException("Cannot abort the transaction: " + ex, ex, false);
			}
		}
	}

	/**
	 * Fenced (a newer producer of the same transactional id, i.e. another leader) or failed for good: Kafka's
	 * "application recoverable" errors require a new producer, and only a new leader may create one.
	 */
	private void throwIfUnusable(KafkaException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof ApplicationRecoverableException) {
				this.status.fenced(cause.getClass().getSimpleName() + ": " + cause.getMessage());
				this.metrics.fenced();
				log.warn("This relay instance was fenced by a newer producer of the relay: it publishes nothing more "
						+ "in this term ({})", cause.toString());
				throw new ProducerUnusableException("Fenced: " + cause.getMessage(), ex, true);
			}
			if (cause instanceof OutOfOrderSequenceException || cause instanceof AuthorizationException
					|| cause instanceof UnsupportedVersionException) {
				throw new ProducerUnusableException("Producer failed for good: " + cause, ex, false);
			}
		}
	}

	private void awaitBackoff(Duration backoff, int size) throws InterruptedException {
		if (this.stopping.await(backoff.toMillis(), TimeUnit.MILLISECONDS)) {
			// Shutting down: the batch stays unmarked, so its position is not stored and it is sent again by the
			// next term or instance.
			throw new InterruptedException("Relay stopping with " + size + " uncommitted records");
		}
	}

	private static InterruptedException interrupted(InterruptException ex) {
		Thread.currentThread().interrupt();
		InterruptedException interrupted = new InterruptedException("Relay interrupted while publishing");
		interrupted.initCause(ex);
		return interrupted;
	}

	/**
	 * One line per record in Kafka, in the logging context of its order and of the trace its outbox row carries
	 * (the gateway's or the consumer's span that wrote it), so {@code grep <traceId>} finds the relay's hop.
	 */
	private void acknowledged(OutboxMessage message, RecordMetadata written) {
		try (TraceLogContext context = TraceLogContext.enter(message.keyText(),
				message.header(PayonceHeaders.TRACEPARENT))) {
			log.info("relayed {} {} to {}", message.header(PayonceHeaders.EVENT_TYPE),
					message.header(PayonceHeaders.EVENT_ID),
					(written != null) ? written.topic() + "-" + written.partition() + "@" + written.offset()
							: message.topic());
		}
		this.metrics.relayed(message.topic());
		if (message.sourceMillis() != null) {
			this.metrics.lag(Duration.between(Instant.ofEpochMilli(message.sourceMillis()), this.clock.instant()));
		}
		this.status.relayed();
	}

	/** Ends a pending backoff so that shutdown is not held up by an unreachable broker. */
	public void stop() {
		this.stopping.countDown();
	}

	private static Duration min(Duration a, Duration b) {
		return (a.compareTo(b) <= 0) ? a : b;
	}

}
