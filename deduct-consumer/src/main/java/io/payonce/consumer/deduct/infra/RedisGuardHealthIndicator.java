package io.payonce.consumer.deduct.infra;

import io.payonce.consumer.deduct.domain.RedisFailurePolicy;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisException;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code /actuator/health} component {@code redisGuard}: whether the Redis guard answers, and what that
 * means under the configured policy. Under CLOSED an unreachable Redis stops every deduction (the records
 * wait in Kafka), so the component is DOWN; under OPEN deductions go on through the database guards alone,
 * so it is UP with {@code degraded: true}. It is not part of the liveness or readiness groups: restarting
 * a consumer does not bring Redis back.
 */
public class RedisGuardHealthIndicator implements HealthIndicator {

	private final RedissonClient redisson;

	private final RedisGuardProperties properties;

	public RedisGuardHealthIndicator(RedissonClient redisson, RedisGuardProperties properties) {
		this.redisson = redisson;
		this.properties = properties;
	}

	@Override
	public Health health() {
		RedisFailurePolicy policy = this.properties.failurePolicy();
		try {
			// Any round trip will do; this key is never written.
			this.redisson.getBucket(this.properties.keyPrefix() + "health-probe").isExists();
			return Health.up().withDetail("policy", policy).withDetail("degraded", false).build();
		}
		catch (RedisException ex) {
			Health.Builder health = (policy == RedisFailurePolicy.CLOSED) ? Health.down() : Health.up();
			return health.withDetail("policy", policy)
				.withDetail("degraded", policy == RedisFailurePolicy.OPEN)
				.withDetail("effect", (policy == RedisFailurePolicy.CLOSED)
						? "deductions wait in Kafka until Redis answers" : "deductions rely on the database guards")
				.withDetail("error", ex.getClass().getSimpleName() + ": " + ex.getMessage())
				.build();
		}
	}

}
