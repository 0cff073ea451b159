package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

class FirstDeliveryDeductsOnceIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("first");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "first", group, Map.of());
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		consumer.close();
		topics.close();
	}

	@Test
	void firstDeliveryDeductsOnceAndMarksTheOrderPaid() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when
		topics.publish(payment);

		// then
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(trade.deductions(orderNo)).isEqualTo(1));
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(trade.orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(trade.outboxRows()).as("outbox rows are deleted in the same transaction").isZero();
		String entry = consumer.bean(RedissonClient.class)
			.<String>getBucket("payonce:deduct:" + orderNo, StringCodec.INSTANCE)
			.get();
		assertThat(entry).startsWith("DONE|" + payment.fingerprint() + "|");
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
		assertThat(consumer.count("FIRST", "none")).isEqualTo(1.0);
	}

}
