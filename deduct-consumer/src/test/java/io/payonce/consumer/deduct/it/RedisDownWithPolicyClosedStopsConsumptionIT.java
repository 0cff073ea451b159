package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.payonce.consumer.deduct.domain.RedisFailurePolicy;
import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

/**
 * Fail closed: while Redis is down nothing is deducted and no offset is committed; the records wait in Kafka.
 * Once Redis is back, every payment is deducted exactly once.
 */
class RedisDownWithPolicyClosedStopsConsumptionIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("closed");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "closed", group,
				Map.of("payonce.consumer.redis.failure-policy", "CLOSED"));
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		if (!stack.redis().isRunning()) {
			stack.redis().start();
		}
		consumer.close();
		topics.close();
	}

	@Test
	void redisStoppedMidLoadDeductsNothingAndCommitsNothingUntilItIsBackThenEverythingOnce() {
		// given: a first half deducted and committed
		Load load = new Load(trade, "10000.00");
		List<PaySuccess> before = load.orders(10);
		before.forEach(topics::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(before) == before.size());
		await().atMost(Duration.ofSeconds(30)).until(() -> topics.committed(group) == topics.end());

		// when: Redis stops, the second half arrives, with a duplicate of each
		stack.redis().stop();
		long committedWhileDown = topics.committed(group);
		List<PaySuccess> during = load.orders(10);
		during.forEach(topics::publish);
		during.forEach(topics::publish);

		// then: nothing moves while it is down, and the health says why
		await().during(Duration.ofSeconds(10)).atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
			assertThat(load.deducted(during)).isZero();
			assertThat(topics.committed(group)).isEqualTo(committedWhileDown);
		});
		assertThat(consumer.redisGuardHealth().getStatus()).isEqualTo(Status.DOWN);
		assertThat(consumer.redisGuardHealth().getDetails()).containsEntry("policy", RedisFailurePolicy.CLOSED);

		// and when it is back, every payment exactly once
		stack.redis().start();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(consumer.redisGuardHealth().getStatus()).isEqualTo(Status.UP));
		await().atMost(Duration.ofSeconds(120)).until(() -> load.notExactlyOnce() == 0);
		await().atMost(Duration.ofSeconds(60)).until(() -> topics.committed(group) == topics.end());
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(trade.deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(trade.balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(consumer.total("FIRST")).isEqualTo(20.0);
		assertThat(consumer.total("DUPLICATE")).isEqualTo(10.0);
	}

}
