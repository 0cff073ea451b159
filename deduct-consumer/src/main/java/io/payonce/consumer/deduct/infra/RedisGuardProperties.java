package io.payonce.consumer.deduct.infra;

import java.time.Duration;

import io.payonce.consumer.deduct.domain.RedisFailurePolicy;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The Redis guard ({@code payonce.consumer.redis.*}, env {@code PAYONCE_CONSUMER_REDIS_*}).
 *
 * @param address Redis URI [{@code PAYONCE_CONSUMER_REDIS_ADDRESS}]
 * @param keyPrefix prepended to the orderNo [{@code PAYONCE_CONSUMER_REDIS_KEY_PREFIX}]
 * @param ttl how long a DONE entry answers duplicates; longer than the whole retry ladder
 * [{@code PAYONCE_CONSUMER_REDIS_TTL}]
 * @param lease how long a PROCESSING claim blocks others; longer than one deduction
 * [{@code PAYONCE_CONSUMER_REDIS_LEASE}]
 * @param failurePolicy CLOSED or OPEN [{@code PAYONCE_CONSUMER_REDIS_FAILURE_POLICY}]
 * @param timeout per-command response timeout; short, so an outage is detected quickly
 * [{@code PAYONCE_CONSUMER_REDIS_TIMEOUT}]
 */
@Validated
@ConfigurationProperties("payonce.consumer.redis")
public record RedisGuardProperties(@DefaultValue("redis://localhost:16379") @NotBlank String address,
		@DefaultValue("payonce:deduct:") @NotBlank String keyPrefix, @DefaultValue("24h") @NotNull Duration ttl,
		@DefaultValue("60s") @NotNull Duration lease, @DefaultValue("CLOSED") @NotNull RedisFailurePolicy failurePolicy,
		@DefaultValue("1s") @NotNull Duration timeout) {

	public RedisGuardProperties {
		if (lease != null && ttl != null && lease.compareTo(ttl) > 0) {
			throw new IllegalArgumentException("lease must not exceed ttl");
		}
	}

}
