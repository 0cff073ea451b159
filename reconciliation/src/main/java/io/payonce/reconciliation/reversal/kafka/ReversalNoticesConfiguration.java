package io.payonce.reconciliation.reversal.kafka;

import io.payonce.reconciliation.continuous.streams.ContinuousProperties;
import io.payonce.reconciliation.continuous.streams.StreamsProperties;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The reversals topic and its producer. On whether or not this instance runs the streams: an ops-only instance
 * ({@code streams.enabled=false}) books reversals too, and the instances that run the streams read them.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ ContinuousProperties.class, StreamsProperties.class })
class ReversalNoticesConfiguration {

	@Bean
	NewTopic reversalsTopic(ContinuousProperties continuous, StreamsProperties streams) {
		return new NewTopic(continuous.reversalsTopic(), continuous.reversalsPartitions(),
				streams.replicationFactor().shortValue());
	}

	@Bean(destroyMethod = "close")
	KafkaReversalNotices reversalNotices(KafkaProperties kafka, ContinuousProperties continuous) {
		return new KafkaReversalNotices(String.join(",", kafka.getBootstrapServers()), continuous.reversalsTopic());
	}

}
