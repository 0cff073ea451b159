package io.payonce.dlt.retry.streams;

import java.time.Clock;
import java.util.Properties;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.ops.streams.ManagedStreams;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Runs the retry topology with {@code exactly_once_v2}; started and stopped with the application. */
@Configuration(proxyBeanMethods = false)
class RetryStreamsConfiguration {

	/** {@code application.server}: this instance's console, where the others ask for its part of the ladder. */
	@Bean
	HostInfo retryStreamsAdvertisedInstance(StreamsProperties streams,
			@Value("${server.port:8084}") int serverPort) {
		return new HostInfo(streams.advertisedHost(),
				(streams.advertisedPort() != null) ? streams.advertisedPort() : serverPort);
	}

	@Bean
	Properties retryStreamsConfig(KafkaProperties kafka, StreamsProperties streams, HostInfo retryStreamsAdvertisedInstance) {
		Properties config = new Properties();
		// a group of instances: a crashed one's partitions move after the session timeout, to a warm standby
		config.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, streams.standbyReplicas());
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
				(int) streams.sessionTimeout().toMillis());
		// a clean stop (a rollout, a scale-down) leaves the group, so that its partitions move at once
		ManagedStreams.leaveGroupOnClose(config);
		config.putAll(streams.properties());
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, streams.applicationId());
		config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, String.join(",", kafka.getBootstrapServers()));
		config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
		config.put(StreamsConfig.STATE_DIR_CONFIG, streams.stateDir().toString());
		config.put(StreamsConfig.APPLICATION_SERVER_CONFIG,
				retryStreamsAdvertisedInstance.host() + ":" + retryStreamsAdvertisedInstance.port());
		config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, streams.replicationFactor());
		// a retry record written before this app first ran must not be skipped
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
		return config;
	}

	@Bean
	ManagedStreams retryStreams(Properties retryStreamsConfig, RetryProperties retry) {
		return new ManagedStreams(
				new KafkaStreams(RetryTopology.build(retry.schedule(), retry.punctuateInterval()), retryStreamsConfig));
	}

	@Bean
	PendingRetries pendingRetries(ManagedStreams retryStreams, HostInfo retryStreamsAdvertisedInstance) {
		return new PendingRetries(retryStreams.streams(), retryStreamsAdvertisedInstance);
	}

	@Bean
	PendingRetryGauges pendingRetryGauges(PendingRetries pendingRetries, Clock clock, MeterRegistry registry,
			RetryProperties retry) {
		return new PendingRetryGauges(pendingRetries, clock, registry, retry.maxRetries());
	}

	/** DOWN unless the stream threads run (or rebalance): a dead ladder releases nothing. */
	@Bean
	HealthIndicator retryStreamsHealth(ManagedStreams retryStreams) {
		return retryStreams.health();
	}

}
