package io.payonce.ops.timeline;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Gives every service that depends on this module one {@link TimelinePublisher}. Its producer is built from the
 * service's own {@code spring.kafka.*} (bootstrap servers, TLS, SASL, acks) with what a fact needs on top: string
 * key, byte value, never transactional (a fact is published after the act, outside any transaction), a short
 * {@code max.block.ms} for the sender thread and a bounded delivery timeout.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@EnableConfigurationProperties({ TimelineProperties.class, KafkaProperties.class })
public class TimelineAutoConfiguration {

	/** The producer waits this long for more facts to send them in one request. */
	private static final int LINGER_MS = 5;

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	TimelinePublisher timelinePublisher(TimelineProperties settings, KafkaProperties kafka, Environment environment,
			ObjectProvider<Tracer> tracer, ObjectProvider<Clock> clock, ObjectProvider<MeterRegistry> meters) {
		PublisherIdentity identity = PublisherIdentity.resolve(settings.service(),
				environment.getProperty("spring.application.name"), settings.instance(), System::getenv);
		return new TimelinePublisher(identity, settings,
				() -> new KafkaProducer<>(producerSettings(kafka.buildProducerProperties(), settings, identity)),
				currentTraceId(tracer), clock.getIfUnique(Clock::systemUTC),
				meters.getIfAvailable(SimpleMeterRegistry::new));
	}

	static Map<String, Object> producerSettings(Map<String, Object> springKafka, TimelineProperties settings,
			PublisherIdentity identity) {
		Map<String, Object> config = new HashMap<>(springKafka);
		config.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
		config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
		config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
		config.put(ProducerConfig.CLIENT_ID_CONFIG, "payonce-timeline-" + identity.service() + "-" + identity.instance());
		config.put(ProducerConfig.LINGER_MS_CONFIG, LINGER_MS);
		config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, settings.maxBlock().toMillis());
		long delivery = settings.deliveryTimeout().toMillis();
		// Kafka requires delivery.timeout.ms >= linger.ms + request.timeout.ms
		config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Math.max(delivery, 2L * LINGER_MS));
		config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
				(int) Math.min(Math.max(delivery - LINGER_MS, LINGER_MS), 30_000));
		return config;
	}

	private static Supplier<String> currentTraceId(ObjectProvider<Tracer> tracers) {
		return () -> {
			Tracer tracer = tracers.getIfAvailable();
			Span span = (tracer != null) ? tracer.currentSpan() : null;
			return (span != null) ? span.context().traceId() : null;
		};
	}

}
