package io.payonce.relay.config;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RelayProducerKeepsAcksAllAndIdempotenceTest {

	@Test
	void tuningTheLingerLeavesTheDeliveryGuaranteesAlone() {
		// given
		RelayDeliveryProperties delivery = new RelayDeliveryProperties(Duration.ofMillis(200), Duration.ofSeconds(10),
				Duration.ofSeconds(30), Duration.ofMillis(3));

		// when
		Map<String, Object> config = RelayConfiguration.producerConfig("kafka:9092", delivery);

		// then
		assertThat(config).containsEntry(ProducerConfig.LINGER_MS_CONFIG, 3)
			.containsEntry(ProducerConfig.ACKS_CONFIG, "all")
			.containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
			.containsEntry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5)
			.containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
	}

}
