package io.payonce.relay.config;

import java.time.Clock;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.relay.delivery.KafkaBatchRelay;
import io.payonce.relay.delivery.RelayMetrics;
import io.payonce.relay.engine.RelayEngine;
import io.payonce.relay.engine.RelayStatus;
import io.payonce.relay.health.RelayHealthIndicator;
import io.payonce.relay.health.StreamingConnection;
import io.payonce.relay.leadership.DatabaseLossWatch;
import io.payonce.relay.leadership.KafkaLeaderElection;
import io.payonce.relay.leadership.LeadershipStatus;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the election, the leader's engine, the producer of each term, the status, the health indicator and
 * the metrics.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ RelayProperties.class, RelayDatabaseProperties.class, RelayStorageProperties.class,
		RelayEngineProperties.class, RelayDeliveryProperties.class, RelayLeadershipProperties.class })
public class RelayConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	/**
	 * The name every instance of one relay shares: the group that elects the leader and the transactional id
	 * that fences a former leader. Keyed like the stored offsets, by the server name.
	 */
	static String relayName(RelayProperties relay) {
		return relay.serverName() + "-outbox-relay";
	}

	/**
	 * Our own producer, not Debezium's, one per term: acks=all and idempotence, so a record is acknowledged only
	 * once every in-sync replica has it and the producer's own retries never write it twice nor out of order;
	 * and transactional, with the one transactional id of the relay, so that initialising it fences the
	 * producer of any earlier leader and a batch is visible to {@code read_committed} readers all or not at all.
	 */
	static Map<String, Object> producerConfig(String bootstrapServers, RelayDeliveryProperties delivery,
			String transactionalId, String instanceId) {
		return Map.ofEntries(Map.entry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
				Map.entry(ProducerConfig.CLIENT_ID_CONFIG, transactionalId + "-" + instanceId),
				Map.entry(ProducerConfig.ACKS_CONFIG, "all"), Map.entry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
				Map.entry(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId),
				Map.entry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5),
				Map.entry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000),
				Map.entry(ProducerConfig.LINGER_MS_CONFIG, (int) delivery.linger().toMillis()),
				Map.entry(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class),
				Map.entry(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
	}

	/**
	 * The group member that competes for the lead. The classic group protocol, because its session timeout is
	 * the client's to choose (down to the broker's {@code group.min.session.timeout.ms}, 6 s by default); the
	 * newer consumer protocol's is the broker's, 45 s by default. The cooperative sticky assignor never moves
	 * the partition away from a live owner.
	 */
	static Map<String, Object> electionConfig(String bootstrapServers, String groupId, String instanceId,
			RelayLeadershipProperties leadership) {
		return Map.ofEntries(Map.entry(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
				Map.entry(ConsumerConfig.GROUP_ID_CONFIG, groupId),
				Map.entry(ConsumerConfig.CLIENT_ID_CONFIG, KafkaLeaderElection.clientId(groupId, instanceId)),
				Map.entry(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic"),
				Map.entry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) leadership.sessionTimeout().toMillis()),
				Map.entry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int) leadership.heartbeatInterval().toMillis()),
				Map.entry(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
						CooperativeStickyAssignor.class.getName()),
				Map.entry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
				Map.entry(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"),
				Map.entry(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class),
				Map.entry(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class));
	}

	@Bean
	RelayStatus relayStatus(Clock clock) {
		return new RelayStatus(clock);
	}

	@Bean
	LeadershipStatus leadershipStatus(RelayLeadershipProperties leadership, Clock clock, MeterRegistry registry) {
		LeadershipStatus status = new LeadershipStatus(leadership.instanceId(), clock);
		Gauge.builder("payonce.relay.leader", status, (s) -> (s.role() == LeadershipStatus.Role.LEADER) ? 1 : 0)
			.description("1 while this instance leads (the sum over the instances must be 1)")
			.register(registry);
		return status;
	}

	@Bean
	RelayMetrics relayMetrics(MeterRegistry registry) {
		return new RelayMetrics(registry);
	}

	@Bean
	StreamingConnection streamingConnection(RelayProperties relay) {
		return new StreamingConnection(relay.flavour(), relay.serverName());
	}

	@Bean
	RelayEngine relayEngine(RelayProperties relay, RelayDatabaseProperties database, RelayStorageProperties storage,
			RelayEngineProperties engine, RelayDeliveryProperties delivery, RelayLeadershipProperties leadership,
			@Value("${spring.kafka.bootstrap-servers:localhost:19092}") String bootstrapServers, RelayStatus status,
			RelayMetrics metrics, StreamingConnection connection, Clock clock) {
		Properties engineProperties = DebeziumConfiguration.build(relay, database, storage, engine, bootstrapServers);
		Map<String, Object> producerConfig = producerConfig(bootstrapServers, delivery, relayName(relay),
				leadership.instanceId());
		LongSupplier serverIds = () -> relay.serverId() + ThreadLocalRandom.current().nextInt(DebeziumConfiguration.SERVER_IDS);
		return new RelayEngine(engineProperties, serverIds, () -> new KafkaProducer<>(producerConfig),
				(producer) -> new KafkaBatchRelay(producer, delivery, status, metrics, clock, leadership.instanceId()),
				status, connection::connected, new DatabaseLossWatch(leadership.databaseLossTolerance()), clock);
	}

	@Bean
	RelayElection relayElection(RelayProperties relay, RelayStorageProperties storage,
			RelayLeadershipProperties leadership,
			@Value("${spring.kafka.bootstrap-servers:localhost:19092}") String bootstrapServers, RelayEngine engine,
			LeadershipStatus status, Clock clock) {
		Map<String, Object> admin = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				AdminClientConfig.CLIENT_ID_CONFIG, relayName(relay) + "-admin-" + leadership.instanceId());
		return new RelayElection(new KafkaLeaderElection(
				electionConfig(bootstrapServers, relayName(relay), leadership.instanceId(), leadership), admin,
				leadership.topic(), storage.replicationFactor(), engine, status, leadership.rejoinAfterStepDown(),
				clock));
	}

	@Bean
	RelayHealthIndicator relayHealthIndicator(RelayStatus status, LeadershipStatus leadership,
			StreamingConnection connection, RelayDeliveryProperties delivery) {
		return new RelayHealthIndicator(status, leadership, connection::connected, delivery);
	}

	/**
	 * Runs the election for as long as the application lives. Stopping ends the term (the last batch is
	 * committed and its position stored) before the group is left, so a standby takes over at once and
	 * re-sends nothing.
	 */
	static final class RelayElection implements SmartLifecycle {

		private final KafkaLeaderElection election;

		private volatile boolean running;

		RelayElection(KafkaLeaderElection election) {
			this.election = election;
		}

		@Override
		public void start() {
			this.election.start();
			this.running = true;
		}

		@Override
		public void stop() {
			this.election.stop();
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

	}

}
