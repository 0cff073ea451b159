package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;

/**
 * The incident of the reference text, replayed on Kafka: the deduction commits, a later step of the same
 * delivery fails (there: the in-app notification), the offset is not committed and the record comes again;
 * 17 seconds later the broker redelivers it once more. One flow, the balance reduced once.
 */
class IncidentReplayDeductsOnceIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("incident");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "incident", group, Map.of(), FailAfterCommit.class);
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		consumer.close();
		topics.close();
	}

	@Test
	void aStepFailingAfterTheCommittedDeductionDoesNotDeductAgainOnRedelivery() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");
		FailAfterCommit.orderNo = orderNo;

		// when: the first delivery commits the deduction, then fails
		topics.publish(payment);

		// then: the redelivery in place is recognised by the state machine
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(consumer.count("DUPLICATE", "state")).isEqualTo(1.0));
		assertThat(FailAfterCommit.failures.get()).isEqualTo(1);
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(trade.orderStatus(orderNo)).isEqualTo("PAID");

		// and when the broker delivers it once more, the same answer
		topics.publish(payment);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
		assertThat(consumer.total("DUPLICATE")).isEqualTo(2.0);
		assertThat(consumer.total("FIRST")).isZero();
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
	}

	/**
	 * Extra configuration source (not component-scanned): the ledger's first answer for the target order is
	 * replaced by a failure after the transaction has committed, as the incident's notification failed.
	 */
	static class FailAfterCommit {

		static final AtomicInteger failures = new AtomicInteger();

		static volatile String orderNo;

		@Bean
		static BeanPostProcessor failAfterCommit() {
			return AfterCommit.run((payment, result) -> {
				if (payment.orderNo().equals(orderNo) && failures.compareAndSet(0, 1)) {
					throw new IllegalStateException("in-app notification timed out after the deduction");
				}
			});
		}

	}

}
