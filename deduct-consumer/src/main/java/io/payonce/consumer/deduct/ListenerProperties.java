package io.payonce.consumer.deduct;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The Kafka side of the consumer ({@code payonce.consumer.*}, env {@code PAYONCE_CONSUMER_*}).
 *
 * @param groupId consumer group [{@code PAYONCE_CONSUMER_GROUP_ID}]
 * @param listenerId listener container id and client-id prefix, one per instance in a JVM
 * [{@code PAYONCE_CONSUMER_LISTENER_ID}]
 * @param concurrency listener threads per instance, at most the partition count
 * [{@code PAYONCE_CONSUMER_CONCURRENCY}]
 * @param backoffInitial first pause of an in-place retry (infrastructure down)
 * [{@code PAYONCE_CONSUMER_BACKOFF_INITIAL}]
 * @param backoffMax longest pause between in-place retries; they never stop, so the record is never skipped;
 * kept well under {@code max.poll.interval.ms} [{@code PAYONCE_CONSUMER_BACKOFF_MAX}]
 * @param publishTimeout how long to wait for the retry or terminal topic to acknowledge
 * [{@code PAYONCE_CONSUMER_PUBLISH_TIMEOUT}]
 */
@Validated
@ConfigurationProperties("payonce.consumer")
public record ListenerProperties(@DefaultValue("payonce-deduct-consumer") @NotBlank String groupId,
		@DefaultValue("payonce-deduct") @NotBlank String listenerId,
		@DefaultValue("3") @Min(1) int concurrency, @DefaultValue("200ms") @NotNull Duration backoffInitial,
		@DefaultValue("5s") @NotNull Duration backoffMax, @DefaultValue("10s") @NotNull Duration publishTimeout) {

}
