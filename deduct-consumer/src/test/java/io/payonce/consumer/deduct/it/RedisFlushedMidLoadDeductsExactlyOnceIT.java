package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

/** Redis forgets (FLUSHALL, eviction, failover): the database guards still catch every duplicate. */
class RedisFlushedMidLoadDeductsExactlyOnceIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("flushed");

	@Test
	void redisFlushedMidLoadStillDeductsEveryPaymentExactlyOnce() {
		// given: a load under way
		Load load = new Load(fixture.trade(), "10000.00");
		List<PaySuccess> payments = load.orders(20);
		payments.forEach(fixture.topics()::publish);
		await().atMost(Duration.ofSeconds(60)).until(() -> load.deducted(payments) >= 5);

		// when: Redis loses every key, and every payment is delivered again
		fixture.consumer().bean(RedissonClient.class).getKeys().flushall();
		payments.forEach(fixture.topics()::publish);

		// then
		await().atMost(Duration.ofSeconds(120)).until(() -> fixture.committed() == fixture.end());
		assertThat(load.notExactlyOnce()).isZero();
		assertThat(fixture.trade().deductionsOfUser(load.user)).isEqualTo(20);
		assertThat(fixture.trade().balance(load.user)).isEqualByComparingTo(load.expectedBalance("10000.00"));
		assertThat(fixture.consumer().total("FIRST")).isEqualTo(20.0);
		assertThat(fixture.consumer().total("DUPLICATE")).isEqualTo(20.0);
		ConsumerInstance consumer = fixture.consumer();
		assertThat(consumer.count("DUPLICATE", "state") + consumer.count("DUPLICATE", "unique_index"))
			.as("some duplicates got past the flushed Redis and were stopped by the database")
			.isPositive();
	}

}
