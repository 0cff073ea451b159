package io.payonce.reconciliation.reversal.kafka;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.reversal.ReversalBooked;
import io.payonce.reconciliation.reversal.ReversalNotices;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Announces a booked reversal on the reversals topic (JSON, key orderNo: the partition of the order's payment and
 * deductions, so continuous reconciliation reads it in the task that holds the order's view). Waits for the
 * broker's acknowledgement ({@code acks=all}, idempotent), so a failure is known to the caller and logged there.
 */
public final class KafkaReversalNotices implements ReversalNotices, AutoCloseable {

	private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

	private final KafkaProducer<String, ReversalBooked> producer;

	private final String topic;

	public KafkaReversalNotices(String bootstrapServers, String topic) {
		Properties config = new Properties();
		config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		config.put(ProducerConfig.ACKS_CONFIG, "all");
		config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
		config.put(ProducerConfig.CLIENT_ID_CONFIG, "payonce-reconciliation-reversal-notices");
		config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) SEND_TIMEOUT.toMillis());
		config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis());
		config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis() / 2);
		this.producer = new KafkaProducer<>(config, new StringSerializer(),
				new JsonSerde<>(ReversalBooked.class).serializer());
		this.topic = topic;
	}

	@Override
	public void booked(ReversalBooked booked) {
		try {
			this.producer.send(new ProducerRecord<>(this.topic, booked.orderNo(), booked))
				.get(SEND_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while announcing " + booked.describe(), ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("cannot announce " + booked.describe() + " on " + this.topic + ": "
					+ ((ex.getCause() != null) ? ex.getCause() : ex), ex);
		}
	}

	@Override
	public void close() {
		this.producer.close(SEND_TIMEOUT);
	}

}
