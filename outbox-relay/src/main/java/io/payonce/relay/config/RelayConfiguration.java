package io.payonce.relay.config;

import java.time.Clock;
import java.util.Map;
import java.util.Properties;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.relay.delivery.KafkaBatchRelay;
import io.payonce.relay.delivery.RelayMetrics;
import io.payonce.relay.engine.RelayEngine;
import io.payonce.relay.engine.RelayStatus;
import io.payonce.relay.health.RelayHealthIndicator;
import io.payonce.relay.health.StreamingConnection;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the engine, the Kafka producer, the status, the health indicator and the metrics. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ RelayProperties.class, RelayDatabaseProperties.class, RelayStorageProperties.class,
		RelayEngineProperties.class, RelayDeliveryProperties.class })
public class RelayConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	/**
	 * Our own producer, not Debezium's: acks=all and idempotence, so a record is acknowledged only once every
	 * in-sync replica has it, and the producer's own retries never write it twice nor out of order.
	 */
	@Bean(destroyMethod = "close")
	Producer<byte[], byte[]> relayProducer(
			@Value("${spring.kafka.bootstrap-servers:localhost:19092}") String bootstrapServers,
			RelayDeliveryProperties delivery) {
		return new KafkaProducer<>(producerConfig(bootstrapServers, delivery));
	}

	static Map<String, Object> producerConfig(String bootstrapServers, RelayDeliveryProperties delivery) {
		return Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.CLIENT_ID_CONFIG,
				"payonce-outbox-relay", ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
				true, ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5,
				ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000, ProducerConfig.LINGER_MS_CONFIG,
				(int) delivery.linger().toMillis(), ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
				ByteArraySerializer.class, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
	}

	@Bean
	RelayStatus relayStatus(Clock clock) {
		return new RelayStatus(clock);
	}

	@Bean
	RelayMetrics relayMetrics(MeterRegistry registry) {
		return new RelayMetrics(registry);
	}

	@Bean
	KafkaBatchRelay kafkaBatchRelay(Producer<byte[], byte[]> relayProducer, RelayDeliveryProperties delivery,
			RelayStatus status, RelayMetrics metrics, Clock clock) {
		return new KafkaBatchRelay(relayProducer, delivery, status, metrics, clock);
	}

	@Bean
	RelayEngine relayEngine(RelayProperties relay, RelayDatabaseProperties database, RelayStorageProperties storage,
			RelayEngineProperties engine,
			@Value("${spring.kafka.bootstrap-servers:localhost:19092}") String bootstrapServers,
			KafkaBatchRelay kafkaBatchRelay, RelayStatus status) {
		Properties engineProperties = DebeziumConfiguration.build(relay, database, storage, engine, bootstrapServers);
		return new RelayEngine(engineProperties, kafkaBatchRelay, status);
	}

	@Bean
	RelayHealthIndicator relayHealthIndicator(RelayStatus status, RelayProperties relay,
			RelayDeliveryProperties delivery) {
		StreamingConnection connection = new StreamingConnection(relay.flavour(), relay.serverName());
		return new RelayHealthIndicator(status, connection::connected, delivery);
	}

}
