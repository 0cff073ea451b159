package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.payonce.consumer.deduct.domain.RedisFailurePolicy;
import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.health.contributor.Status;

/**
 * Fail closed: while Redis is down nothing is deducted and no offset is committed; the records wait in Kafka.
 * Once Redis is back, every payment is deducted exactly once.
 */
class RedisDownWithPolicyClosedStopsConsumptionIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("closed",
			Map.of("payonce.consumer.redis.failure-policy", "CLOSED"));

	@Test
	void redisStoppedMidLoadDeductsNothingAndCommitsNothingUntilItIsBackThenEverythingOnce() {
		// given: the group formed (a member joining later would rebalance in the middle of the outage), and a
		// first half deducted and committed
		await().atMost(Duration.ofSeconds(60))
			.until(() -> fixture.consumer().assignedPartitions() == fixture.topics().partitions());
		Load load = new Load(fixture.trade(), "10000.00");
		List<PaySuccess> before = load.orders(10);
		before.forEach(fixture.topics()::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(before) == before.size());
		await().atMost(Duration.ofSeconds(30)).until(() -> fixture.committed() == fixture.end());

		// when: Redis stops, the second half arrives, with a duplicate of each
		fixture.stack().redis().stop();
		long committedWhileDown = fixture.committed();
		List<PaySuccess> during = load.orders(10);
		during.forEach(fixture.topics()::publish);
		during.forEach(fixture.topics()::publish);

		// then: nothing moves while it is down, and the health says why
		await().during(Duration.ofSeconds(10)).atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
			assertThat(load.deducted(during)).isZero();
			assertThat(fixture.committed()).isEqualTo(committedWhileDown);
		});
		assertThat(fixture.consumer().redisGuardHealth().getStatus()).isEqualTo(Status.DOWN);
		assertThat(fixture.consumer().redisGuardHealth().getDetails()).containsEntry("policy",
				RedisFailurePolicy.CLOSED);

		// and when it is back, every payment exactly once
		fixture.stack().redis().start();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(fixture.consumer().redisGuardHealth().getStatus()).isEqualTo(Status.UP));
		await().atMost(Duration.ofSeconds(120)).until(() -> load.notExactlyOnce() == 0);
		await().atMost(Duration.ofSeconds(60)).until(() -> fixture.committed() == fixture.end());
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(fixture.trade().deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(fixture.trade().balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(fixture.consumer().total("FIRST")).isEqualTo(20.0);
		assertThat(fixture.consumer().total("DUPLICATE")).isEqualTo(10.0);
	}

}
