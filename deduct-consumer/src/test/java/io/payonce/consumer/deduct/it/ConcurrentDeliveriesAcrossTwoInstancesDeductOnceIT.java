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

/**
 * 50 deliveries of one orderNo spread over every partition, so that both instances and all their threads race
 * for the same order: Redis, the state CAS and the unique index between them let exactly one deduct.
 */
class ConcurrentDeliveriesAcrossTwoInstancesDeductOnceIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("concurrent");

	private static PaymentTopics topics;

	private static ConsumerInstance first;

	private static ConsumerInstance second;

	private static TradeDatabase trade;

	@BeforeAll
	static void startTwoConsumers() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		first = ConsumerInstance.start(stack, "concurrent-a", group, Map.of());
		second = ConsumerInstance.start(stack, "concurrent-b", group, Map.of());
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumers() {
		second.close();
		first.close();
		topics.close();
	}

	@Test
	void fiftyConcurrentDeliveriesOfOneOrderAcrossTwoInstancesMakeOneFlow() {
		// given: both instances hold partitions
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
			assertThat(first.assignedPartitions()).isPositive();
			assertThat(second.assignedPartitions()).isPositive();
			assertThat(first.assignedPartitions() + second.assignedPartitions()).isEqualTo(topics.partitions());
		});
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "10000.00");
		trade.order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when
		for (int i = 0; i < 50; i++) {
			topics.publish(payment, i % topics.partitions());
		}

		// then
		await().atMost(Duration.ofSeconds(120))
			.untilAsserted(() -> assertThat(first.total("FIRST") + first.total("DUPLICATE") + second.total("FIRST")
					+ second.total("DUPLICATE")).isEqualTo(50.0));
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("9801.00"));
		assertThat(first.total("FIRST") + second.total("FIRST")).isEqualTo(1.0);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
	}

}
