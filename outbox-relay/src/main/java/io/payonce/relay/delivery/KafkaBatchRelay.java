package io.payonce.relay.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's batch consumer. Invariant: a record is marked processed (and so its binlog position may be
 * stored) only after Kafka acknowledged it with acks=all. A failed send is sent again, with backoff, until it
 * succeeds or the relay stops; nothing is ever skipped. A crash can therefore re-send what was acknowledged
 * but not yet committed as an offset; the consumer deduplicates by event id and orderNo.
 */
public class KafkaBatchRelay implements DebeziumEngine.ChangeConsumer<RecordChangeEvent<SourceRecord>> {

	private static final Logger log = LoggerFactory.getLogger(KafkaBatchRelay.class);

	private final Producer<byte[], byte[]> producer;

	private final RelayDeliveryProperties delivery;

	private final RelayStatus status;

	private final RelayMetrics metrics;

	private final Clock clock;

	private final CountDownLatch stopping = new CountDownLatch(1);

	public KafkaBatchRelay(Producer<byte[], byte[]> producer, RelayDeliveryProperties delivery, RelayStatus status,
			RelayMetrics metrics, Clock clock) {
		this.producer = producer;
		this.delivery = delivery;
		this.status = status;
		this.metrics = metrics;
		this.clock = clock;
	}

	@Override
	public void handleBatch(List<RecordChangeEvent<SourceRecord>> records,
			DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> committer) throws InterruptedException {
		List<OutboxMessage> pending = new ArrayList<>(records.size());
		for (RecordChangeEvent<SourceRecord> record : records) {
			pending.add(OutboxMessageMapper.map(record.record()));
		}
		sendUntilAcknowledged(pending);
		for (RecordChangeEvent<SourceRecord> record : records) {
			committer.markProcessed(record);
		}
		committer.markBatchFinished();
	}

	/** Sends every message; re-sends the failed ones, in their original order, until all are acknowledged. */
	private void sendUntilAcknowledged(List<OutboxMessage> messages) throws InterruptedException {
		List<OutboxMessage> pending = messages;
		Duration backoff = this.delivery.retryBackoffInitial();
		this.status.awaitingAcks();
		while (true) {
			List<OutboxMessage> failed = sendAndAwait(pending);
			if (failed.isEmpty()) {
				this.status.acknowledged();
				return;
			}
			this.metrics.retried(failed.size());
			log.warn("{} of {} outbox records not acknowledged by Kafka; sending them again in {} ms", failed.size(),
					pending.size(), backoff.toMillis());
			if (this.stopping.await(backoff.toMillis(), TimeUnit.MILLISECONDS)) {
				// Shutting down: the batch stays unmarked, so its position is not stored and it is sent again
				// after the restart.
				throw new InterruptedException("Relay stopping with " + failed.size() + " unacknowledged records");
			}
			backoff = min(backoff.multipliedBy(2), this.delivery.retryBackoffMax());
			pending = failed;
		}
	}

	private List<OutboxMessage> sendAndAwait(List<OutboxMessage> messages) throws InterruptedException {
		List<CompletableFuture<RecordMetadata>> acks = new ArrayList<>(messages.size());
		for (OutboxMessage message : messages) {
			acks.add(send(message));
		}
		List<OutboxMessage> failed = new ArrayList<>();
		for (int i = 0; i < messages.size(); i++) {
			OutboxMessage message = messages.get(i);
			try {
				acks.get(i).get();
				acknowledged(message);
			}
			catch (ExecutionException ex) {
				Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
				this.status.sendFailed(cause.getClass().getSimpleName() + ": " + cause.getMessage());
				if (failed.isEmpty()) {
					log.warn("Send to {} failed: {}", message.topic(), cause.toString());
				}
				failed.add(message);
			}
		}
		return failed;
	}

	private CompletableFuture<RecordMetadata> send(OutboxMessage message) {
		CompletableFuture<RecordMetadata> ack = new CompletableFuture<>();
		long started = System.nanoTime();
		try {
			this.producer.send(message.toProducerRecord(), (metadata, exception) -> {
				if (exception != null) {
					ack.completeExceptionally(exception);
				}
				else {
					this.metrics.sendLatency(System.nanoTime() - started);
					ack.complete(metadata);
				}
			});
		}
		catch (RuntimeException ex) {
			// send() throws instead of failing the future for some errors (metadata timeout, closed producer).
			ack.completeExceptionally(ex);
		}
		return ack;
	}

	private void acknowledged(OutboxMessage message) {
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
