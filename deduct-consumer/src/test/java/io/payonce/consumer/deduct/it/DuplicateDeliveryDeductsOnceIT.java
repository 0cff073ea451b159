package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DuplicateDeliveryDeductsOnceIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("duplicate");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "duplicate", group, Map.of());
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		consumer.close();
		topics.close();
	}

	@Test
	void duplicateDeliveriesDeductOnceAndStopAtRedis() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");
		topics.publish(payment);
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(trade.deductions(orderNo)).isEqualTo(1));

		// when: the broker redelivers, and the platform re-sends with a re-stamped paidAt (same payment)
		topics.publish(payment);
		topics.publish(new PaySuccess(payment.payNo(), orderNo, user, new BigDecimal("199.0"), "CNY",
				Instant.parse("2026-09-28T02:00:29Z")));

		// then
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(consumer.count("DUPLICATE", "redis")).isEqualTo(2.0));
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(consumer.count("FIRST", "none")).isEqualTo(1.0);
	}

}
