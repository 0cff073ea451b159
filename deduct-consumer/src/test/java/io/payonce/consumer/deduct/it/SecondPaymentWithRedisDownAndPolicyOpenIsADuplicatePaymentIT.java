package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Fail open: without Redis the database alone still tells a second platform payment from a redelivery. */
class SecondPaymentWithRedisDownAndPolicyOpenIsADuplicatePaymentIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("second-payment-open",
			Map.of("payonce.consumer.redis.failure-policy", "OPEN"));

	@Test
	void aSecondPayNoArrivingWhileRedisIsDownIsOwedBackAndTheFirstPaymentsRedeliveryIsADuplicate() {
		// given an order paid by its first payment
		PaySuccess first = fixture.anOrderPaidByItsFirstPayment("500.00", "199.00");
		PaySuccess second = Fixtures.aSecondPayment(first);
		String orderNo = first.orderNo();
		long user = first.userId();

		// when Redis stops and the second payment arrives, then the first one again
		fixture.stack().redis().stop();
		assertThat(fixture.stack().redis().isRunning()).isFalse();
		fixture.topics().publish(second);
		fixture.topics().publish(first);

		// then the second is owed back, the first is a duplicate, both answered without Redis
		await().atMost(Duration.ofSeconds(60)).until(() -> fixture.committed() == fixture.end());
		assertThat(fixture.topics().records(Topic.PAY_REFUND_REQUIRED, orderNo)).singleElement()
			.satisfies((ConsumerRecord<String, byte[]> refund) -> assertThat(
					EventCodec.decode(header(refund, PayonceHeaders.EVENT_TYPE), refund.value()))
				.isEqualTo(DuplicatePayment.of(second, first.payNo(), DuplicatePayment.Detector.LEDGER)));
		assertThat(fixture.consumer().total("DUPLICATE_PAYMENT")).isEqualTo(1.0);
		assertThat(fixture.consumer().count("DUPLICATE", "state")).isEqualTo(1.0);
		assertThat(fixture.consumer().degraded()).isEqualTo(2.0);
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo("301.00");
	}

}
