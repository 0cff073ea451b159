package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;

/**
 * The incident of the reference text, replayed on Kafka: the deduction commits, a later step of the same
 * delivery fails (there: the in-app notification), the offset is not committed and the record comes again;
 * 17 seconds later the broker redelivers it once more. One flow, the balance reduced once.
 */
class IncidentReplayDeductsOnceIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("incident", Map.of(), FailAfterCommit.class);

	@Test
	void aStepFailingAfterTheCommittedDeductionDoesNotDeductAgainOnRedelivery() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");
		FailAfterCommit.orderNo = orderNo;

		// when: the first delivery commits the deduction, then fails
		fixture.topics().publish(payment);

		// then: the redelivery in place is recognised by the state machine
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.consumer().count("DUPLICATE", "state")).isEqualTo(1.0));
		assertThat(FailAfterCommit.failures.get()).isEqualTo(1);
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("PAID");

		// and when the broker delivers it once more, the same answer
		fixture.topics().publish(payment);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(fixture.committed()).isEqualTo(fixture.end()));
		assertThat(fixture.consumer().total("DUPLICATE")).isEqualTo(2.0);
		assertThat(fixture.consumer().total("FIRST")).isZero();
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
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
