package io.payonce.ops.timeline;

import java.time.Duration;

import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How a service publishes what it did to {@code pay.timeline} ({@code payonce.timeline.*}). The producer's
 * connection (bootstrap servers, TLS, SASL) is the service's own {@code spring.kafka.*}.
 *
 * @param enabled whether facts are published at all [PAYONCE_TIMELINE_ENABLED, default true]; off, nothing is sent,
 * no producer is created and nothing is counted
 * @param service the service name on each fact [PAYONCE_TIMELINE_SERVICE, default {@code spring.application.name}
 * without its {@code payonce-} prefix, e.g. {@code deduct-consumer}]
 * @param instance the instance name on each fact [PAYONCE_TIMELINE_INSTANCE, default the {@code HOSTNAME}
 * environment variable (the pod name in Kubernetes), else the local host name]
 * @param queueCapacity facts waiting for the sender thread; a fact that finds the queue full is dropped and counted
 * as failed, never waited for [PAYONCE_TIMELINE_QUEUE_CAPACITY, default 10000]
 * @param maxBlock the longest the sender thread (never the caller) waits for the broker's metadata or buffer space
 * [PAYONCE_TIMELINE_MAX_BLOCK, default 2s]
 * @param deliveryTimeout the longest the producer tries to deliver one fact before it counts it failed
 * [PAYONCE_TIMELINE_DELIVERY_TIMEOUT, default 30s]
 * @param failureLogInterval a burst of failed sends is logged once, then at most once per interval with the count
 * since [PAYONCE_TIMELINE_FAILURE_LOG_INTERVAL, default 1m]
 */
@Validated
@ConfigurationProperties("payonce.timeline")
public record TimelineProperties(Boolean enabled, String service, String instance, @Positive Integer queueCapacity,
		Duration maxBlock, Duration deliveryTimeout, Duration failureLogInterval) {

	public TimelineProperties {
		enabled = (enabled == null) || enabled;
		queueCapacity = (queueCapacity != null) ? queueCapacity : 10_000;
		maxBlock = (maxBlock != null) ? maxBlock : Duration.ofSeconds(2);
		deliveryTimeout = (deliveryTimeout != null) ? deliveryTimeout : Duration.ofSeconds(30);
		failureLogInterval = (failureLogInterval != null) ? failureLogInterval : Duration.ofMinutes(1);
		if (maxBlock.isNegative() || deliveryTimeout.isNegative() || deliveryTimeout.isZero()
				|| failureLogInterval.isNegative()) {
			throw new IllegalArgumentException("payonce.timeline durations must be positive (max-block may be 0)");
		}
	}

	/** The defaults, as a service without any {@code payonce.timeline.*} setting gets them. */
	public static TimelineProperties defaults() {
		return new TimelineProperties(null, null, null, null, null, null, null);
	}

}
