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
import org.redisson.api.RedissonClient;

/** Redis forgets (FLUSHALL, eviction, failover): the database guards still catch every duplicate. */
class RedisFlushedMidLoadDeductsExactlyOnceIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("flushed");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "flushed", group, Map.of());
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		consumer.close();
		topics.close();
	}

	@Test
	void redisFlushedMidLoadStillDeductsEveryPaymentExactlyOnce() {
		// given: a load under way
		Load load = new Load(trade, "10000.00");
		List<PaySuccess> payments = load.orders(20);
		payments.forEach(topics::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(payments) >= 5);

		// when: Redis loses every key, and every payment is delivered again
		consumer.bean(RedissonClient.class).getKeys().flushall();
		payments.forEach(topics::publish);

		// then
		await().atMost(Duration.ofSeconds(120)).until(() -> topics.committed(group) == topics.end());
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(trade.deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(trade.balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(consumer.total("FIRST")).isEqualTo(20.0);
		assertThat(consumer.total("DUPLICATE")).isEqualTo(20.0);
		assertThat(consumer.count("DUPLICATE", "state") + consumer.count("DUPLICATE", "unique_index"))
			.as("some duplicates got past the flushed Redis and were stopped by the database")
			.isPositive();
	}

}
