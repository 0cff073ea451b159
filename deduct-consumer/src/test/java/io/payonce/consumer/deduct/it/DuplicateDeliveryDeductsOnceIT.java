package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class DuplicateDeliveryDeductsOnceIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("duplicate");

	@Test
	void duplicateDeliveriesDeductOnceAndStopAtRedis() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");
		fixture.topics().publish(payment);
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1));

		// when: the broker redelivers, and the platform re-sends with a re-stamped paidAt (same payment)
		fixture.topics().publish(payment);
		fixture.topics().publish(new PaySuccess(payment.payNo(), orderNo, user, new BigDecimal("199.0"), "CNY",
				Instant.parse("2026-09-28T02:00:29Z")));

		// then
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.consumer().count("DUPLICATE", "redis")).isEqualTo(2.0));
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(fixture.committed()).isEqualTo(fixture.end()));
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(fixture.consumer().count("FIRST", "none")).isEqualTo(1.0);
	}

}
