package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.health.contributor.Status;

/** Fail open: without Redis the state CAS and the unique index alone still deduct exactly once. */
class RedisDownWithPolicyOpenDeductsThroughTheDatabaseIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("open",
			Map.of("payonce.consumer.redis.failure-policy", "OPEN"));

	@Test
	void redisStoppedMidLoadWithPolicyOpenStillDeductsEveryPaymentExactlyOnce() {
		// given
		Load load = new Load(fixture.trade(), "10000.00");
		List<PaySuccess> before = load.orders(10);
		before.forEach(fixture.topics()::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(before) == before.size());

		// when: Redis stops; new payments and duplicates of the old ones arrive
		fixture.stack().redis().stop();
		List<PaySuccess> during = load.orders(10);
		during.forEach(fixture.topics()::publish);
		during.forEach(fixture.topics()::publish);
		before.forEach(fixture.topics()::publish);

		// then: deducted while Redis is down, each exactly once, and the degrade is counted
		await().atMost(Duration.ofSeconds(120)).until(() -> fixture.committed() == fixture.end());
		assertThat(fixture.stack().redis().isRunning()).isFalse();
		assertThat(fixture.consumer().redisGuardHealth().getStatus()).isEqualTo(Status.UP);
		assertThat(fixture.consumer().redisGuardHealth().getDetails()).containsEntry("degraded", true);
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(fixture.trade().deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(fixture.trade().balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(fixture.consumer().degraded()).isEqualTo(30.0);
		assertThat(fixture.consumer().total("FIRST")).isEqualTo(20.0);
		assertThat(fixture.consumer().count("DUPLICATE", "state")).isEqualTo(20.0);
	}

}
