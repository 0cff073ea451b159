package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.payonce.consumer.deduct.domain.GuardUnavailableException;
import io.payonce.consumer.deduct.domain.IdempotencyGuard;
import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;

/**
 * Issue 16 (the flaky {@code RedisDownWithPolicyClosedStopsConsumptionIT}): a poll that has no answer (Redis
 * unreachable, policy CLOSED) is retried while the group rebalances and its partition moves to another
 * instance. The new owner deducts the records and commits past them. The old owner must never commit that
 * poll afterwards: Kafka accepts an offset commit of any member of the current generation for any partition,
 * so the group's offset would move back behind records already settled, silently (they come again after the
 * next rebalance, and the group's lag looks stuck until then).
 * <p>
 * Deterministic: Redis is unreachable for the first instance only (its guard port fails as on a network
 * partition), so the second instance settles the moved partition while the first still has its poll.
 */
class PollRetriedAcrossARebalanceNeverRewindsCommittedOffsetsIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("moved");

	private static PaymentTopics topics;

	private static TradeDatabase trade;

	private static ConsumerInstance first;

	private static ConsumerInstance second;

	@BeforeAll
	static void prepare() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void cleanUp() {
		if (second != null) {
			second.close();
		}
		if (first != null) {
			first.close();
		}
		topics.close();
	}

	@Test
	void theOldOwnerOfAMovedPartitionNeverCommitsThePollItHadNoAnswerFor() {
		// given: one instance, cut off from Redis, holding every partition and failing on a poll of partition 0
		Load load = new Load(trade, "1000.00");
		List<PaySuccess> payments = load.orders(3);
		RedisCutOff.unreachable.set(true);
		first = ConsumerInstance.start(stack, "moved-first", group,
				Map.of("payonce.consumer.concurrency", "1", "spring.kafka.consumer.client-id", "z-first"),
				RedisCutOff.class);
		await().atMost(Duration.ofSeconds(60)).until(() -> first.partitions().size() == topics.partitions());
		topics.publish(payments.get(0), 0);
		await().atMost(Duration.ofSeconds(30)).until(() -> first.failedInvocations() > 0);

		// when: a second instance joins (its member id sorts first: the range assignor gives it partition 0),
		// deducts that payment and the next one on partition 0, and commits to the end of the partition
		second = ConsumerInstance.start(stack, "moved-second", group,
				Map.of("payonce.consumer.concurrency", "1", "spring.kafka.consumer.client-id", "a-second"));
		await().atMost(Duration.ofSeconds(60)).until(() -> second.partitions().contains(0)
				&& first.partitions().size() + second.partitions().size() == topics.partitions());
		topics.publish(payments.get(1), 0);
		await().atMost(Duration.ofSeconds(60)).until(() -> second.total("FIRST") == 2.0);
		await().atMost(Duration.ofSeconds(30)).until(() -> topics.committed(group) == topics.end());

		// and Redis answers the first instance again, which then works a payment of a partition it still holds
		RedisCutOff.unreachable.set(false);
		int kept = first.partitions().iterator().next();
		topics.publish(payments.get(2), kept);
		await().atMost(Duration.ofSeconds(60)).until(() -> trade.deductions(payments.get(2).orderNo()) == 1);

		// then: every offset is at the end; the first instance's old poll of partition 0 moved nothing back
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(first.total("FIRST")).as("the first instance deducted only the payment of its own partition")
			.isEqualTo(1.0);
	}

	/** Extra configuration of the first instance: its guard fails as if Redis were unreachable, while set. */
	static class RedisCutOff {

		static final AtomicBoolean unreachable = new AtomicBoolean();

		@Bean
		static BeanPostProcessor redisCutOff() {
			return new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					if (!(bean instanceof IdempotencyGuard)) {
						return bean;
					}
					return Proxy.newProxyInstance(IdempotencyGuard.class.getClassLoader(),
							new Class<?>[] { IdempotencyGuard.class }, (proxy, method, args) -> {
								if (unreachable.get()) {
									throw new GuardUnavailableException("Redis cut off by the test", null);
								}
								try {
									return method.invoke(bean, args);
								}
								catch (InvocationTargetException ex) {
									throw ex.getCause();
								}
							});
				}
			};
		}

	}

}
