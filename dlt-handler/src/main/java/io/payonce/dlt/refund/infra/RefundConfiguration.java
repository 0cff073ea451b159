package io.payonce.dlt.refund.infra;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import io.payonce.dlt.refund.RefundDecisionLog;
import io.payonce.dlt.refund.RefundService;
import io.payonce.dlt.retry.streams.StreamsProperties;
import io.payonce.dlt.terminal.AuditTrail;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/**
 * The duplicate-payment index, its one action, its gauges, and the decisions topic. The topic is created by the
 * handler (Spring's {@code KafkaAdmin}, before any listener starts), as Kafka Streams creates its changelog: it
 * is this service's own state, not part of the topic catalogue other services share. Compacted, so that it
 * holds the last decision per payNo forever; one partition, so that every instance applies the decisions in
 * the same order.
 */
@Configuration(proxyBeanMethods = false)
class RefundConfiguration {

	@Bean
	DuplicatePaymentIndex duplicatePaymentIndex() {
		return new DuplicatePaymentIndex();
	}

	@Bean
	RefundService refundService(DuplicatePaymentIndex index, RefundDecisionLog decisions, AuditTrail audit,
			Clock clock) {
		return new RefundService(index, decisions, audit, clock);
	}

	@Bean
	DuplicatePaymentGauges duplicatePaymentGauges(DuplicatePaymentIndex index, Clock clock, MeterRegistry registry) {
		return new DuplicatePaymentGauges(index, clock, registry);
	}

	@Bean
	NewTopic refundDecisionsTopic(RefundProperties refunds, StreamsProperties streams) {
		return TopicBuilder.name(refunds.decisionsTopic())
			.partitions(1)
			.replicas(streams.replicationFactor())
			.compact()
			.build();
	}

}
