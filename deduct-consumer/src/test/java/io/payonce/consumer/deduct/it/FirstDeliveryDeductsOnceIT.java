package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

class FirstDeliveryDeductsOnceIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("first");

	@Test
	void firstDeliveryDeductsOnceAndMarksTheOrderPaid() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when
		fixture.topics().publish(payment);

		// then
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1));
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(fixture.trade().outboxRows()).as("outbox rows are deleted in the same transaction").isZero();
		String entry = fixture.consumer().bean(RedissonClient.class)
			.<String>getBucket("payonce:deduct:" + orderNo, StringCodec.INSTANCE)
			.get();
		assertThat(entry).startsWith("DONE|" + payment.fingerprint() + "|");
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(fixture.committed()).isEqualTo(fixture.end()));
		assertThat(fixture.consumer().count("FIRST", "none")).isEqualTo(1.0);
	}

}
