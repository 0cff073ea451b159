package io.payonce.ops.timeline;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The fact producer's settings: the service's connection, never its transactions, timeouts Kafka accepts. */
class TimelineProducerSettingsTest {

	private static final PublisherIdentity CONSUMER = new PublisherIdentity("deduct-consumer", "pod-1");

	@Test
	void keepsTheServicesConnectionButNeverItsTransactionalId() {
		Map<String, Object> config = TimelineAutoConfiguration.producerSettings(
				Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092", "security.protocol", "SASL_SSL",
						ProducerConfig.TRANSACTIONAL_ID_CONFIG, "payonce-deduct-tx-"),
				TimelineProperties.defaults(), CONSUMER);

		assertThat(config).containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092")
			.containsEntry("security.protocol", "SASL_SSL")
			.containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 2000L)
			.containsEntry(ProducerConfig.CLIENT_ID_CONFIG, "payonce-timeline-deduct-consumer-pod-1")
			.doesNotContainKey(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
	}

	@Test
	void kafkaAcceptsTheTimeoutsForAShortAndTheDefaultDeliveryTimeout() {
		for (Duration delivery : new Duration[] { Duration.ofMillis(1), Duration.ofSeconds(30), Duration.ofMinutes(5) }) {
			TimelineProperties settings = new TimelineProperties(true, null, null, null, Duration.ZERO, delivery, null);
			Map<String, Object> config = TimelineAutoConfiguration.producerSettings(
					Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:1"), settings, CONSUMER);

			// the constructor validates delivery.timeout.ms >= linger.ms + request.timeout.ms; it connects to nothing
			assertThatCode(() -> new KafkaProducer<>(config).close(Duration.ZERO)).as(delivery.toString())
				.doesNotThrowAnyException();
		}
	}

}
