package io.payonce.reconciliation.timeline.kafka;

import io.payonce.ops.timeline.TimelinePublisher;
import io.payonce.reconciliation.continuous.streams.ContinuousProperties;
import io.payonce.reconciliation.continuous.streams.StreamsProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The relay of findings and reversals to the ops timeline; its group is the streams application id + {@code -timeline-facts}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ ContinuousProperties.class, StreamsProperties.class })
class TimelineFactsConfiguration {

	@Bean
	ReconciliationFactsRelay reconciliationFactsRelay(KafkaProperties kafka, StreamsProperties streams,
			ContinuousProperties continuous, TimelinePublisher timeline) {
		return new ReconciliationFactsRelay(String.join(",", kafka.getBootstrapServers()),
				streams.applicationId() + "-timeline-facts", continuous.findingsTopic(), continuous.reversalsTopic(),
				timeline);
	}

}
