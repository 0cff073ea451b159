package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

/** Fail open: without Redis the state CAS and the unique index alone still deduct exactly once. */
class RedisDownWithPolicyOpenDeductsThroughTheDatabaseIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("open");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "open", group, Map.of("payonce.consumer.redis.failure-policy", "OPEN"));
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
	void redisStoppedMidLoadWithPolicyOpenStillDeductsEveryPaymentExactlyOnce() {
		// given
		Load load = new Load(trade, "10000.00");
		List<PaySuccess> before = load.orders(10);
		before.forEach(topics::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(before) == before.size());

		// when: Redis stops; new payments and duplicates of the old ones arrive
		stack.redis().stop();
		List<PaySuccess> during = load.orders(10);
		during.forEach(topics::publish);
		during.forEach(topics::publish);
		before.forEach(topics::publish);

		// then: deducted while Redis is down, each exactly once, and the degrade is counted
		await().atMost(Duration.ofSeconds(120)).until(() -> topics.committed(group) == topics.end());
		assertThat(stack.redis().isRunning()).isFalse();
		assertThat(consumer.redisGuardHealth().getStatus()).isEqualTo(Status.UP);
		assertThat(consumer.redisGuardHealth().getDetails()).containsEntry("degraded", true);
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(trade.deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(trade.balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(consumer.degraded()).isEqualTo(30.0);
		assertThat(consumer.total("FIRST")).isEqualTo(20.0);
		assertThat(consumer.count("DUPLICATE", "state")).isEqualTo(20.0);
	}

}
