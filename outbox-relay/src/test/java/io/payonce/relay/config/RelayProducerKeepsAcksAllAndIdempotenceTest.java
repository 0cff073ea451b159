package io.payonce.relay.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RelayProducerKeepsAcksAllAndIdempotenceTest {

	private final RelayProperties relay = new RelayProperties(ConnectorFlavour.MARIADB, "payonce", 184054,
			List.of("payonce_gateway.t_outbox"), "never");

	@Test
	void tuningTheLingerLeavesTheDeliveryGuaranteesAlone() {
		// given
		RelayDeliveryProperties delivery = new RelayDeliveryProperties(Duration.ofMillis(200), Duration.ofSeconds(10),
				Duration.ofSeconds(30), Duration.ofMillis(3));

		// when
		Map<String, Object> config = RelayConfiguration.producerConfig("kafka:9092", delivery,
				RelayConfiguration.relayName(this.relay), "relay-a");

		// then
		assertThat(config).containsEntry(ProducerConfig.LINGER_MS_CONFIG, 3)
			.containsEntry(ProducerConfig.ACKS_CONFIG, "all")
			.containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
			.containsEntry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5)
			.containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
	}

	@Test
	void everyInstanceOfOneRelaySharesOneTransactionalIdSoThatANewLeaderFencesTheOld() {
		// given two instances of the same relay (same server name)
		RelayDeliveryProperties delivery = new RelayDeliveryProperties(Duration.ofMillis(200), Duration.ofSeconds(10),
				Duration.ofSeconds(30), Duration.ZERO);

		// when
		Map<String, Object> a = RelayConfiguration.producerConfig("kafka:9092", delivery,
				RelayConfiguration.relayName(this.relay), "relay-a");
		Map<String, Object> b = RelayConfiguration.producerConfig("kafka:9092", delivery,
				RelayConfiguration.relayName(this.relay), "relay-b");

		// then the same transactional id, told apart only by the client id
		assertThat(a.get(ProducerConfig.TRANSACTIONAL_ID_CONFIG)).isEqualTo("payonce-outbox-relay")
			.isEqualTo(b.get(ProducerConfig.TRANSACTIONAL_ID_CONFIG));
		assertThat(a.get(ProducerConfig.CLIENT_ID_CONFIG)).isNotEqualTo(b.get(ProducerConfig.CLIENT_ID_CONFIG));
	}

	@Test
	void theElectionIsAClassicGroupWithAStickyAssignmentAndTheConfiguredLease() {
		// given
		RelayLeadershipProperties leadership = new RelayLeadershipProperties("payonce.relay.leader",
				Duration.ofSeconds(6), Duration.ofMillis(500), Duration.ofSeconds(20), Duration.ofSeconds(10),
				"relay-a");

		// when
		Map<String, Object> config = RelayConfiguration.electionConfig("kafka:9092",
				RelayConfiguration.relayName(this.relay), leadership.instanceId(), leadership);

		// then
		assertThat(config).containsEntry(ConsumerConfig.GROUP_ID_CONFIG, "payonce-outbox-relay")
			.containsEntry(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic")
			.containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 6_000)
			.containsEntry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 500)
			.containsEntry(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
					CooperativeStickyAssignor.class.getName())
			.containsEntry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
	}

}
