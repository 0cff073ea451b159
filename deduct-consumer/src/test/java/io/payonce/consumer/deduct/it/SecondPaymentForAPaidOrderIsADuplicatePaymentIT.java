package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

/**
 * The platform charged the user twice: a second payNo for an order another payment paid. The ledger knows which
 * payment paid (the order's pay_no), so the second one is never deducted and never skipped as a duplicate: it
 * goes to {@code pay.refund-required} as a {@link DuplicatePayment}, whatever Redis holds (the first payment's
 * DONE entry, or nothing after a flush).
 */
class SecondPaymentForAPaidOrderIsADuplicatePaymentIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("second-payment");

	@Test
	void aSecondPayNoIsOwedBackOnTheRefundTopicWhetherRedisRemembersTheOrderOrWasFlushed() {
		// given an order paid by its first payment
		PaySuccess first = fixture.anOrderPaidByItsFirstPayment("500.00", "199.00");
		PaySuccess second = Fixtures.aSecondPayment(first);
		String orderNo = first.orderNo();
		long user = first.userId();
		assertThat(fixture.trade().orderPayNo(orderNo)).isEqualTo(first.payNo());
		assertThat(fixture.trade().deductionPayNo(orderNo)).isEqualTo(first.payNo());

		// when the second payment arrives while Redis holds the first one's DONE entry
		fixture.topics().publish(second);

		// then it is owed back, naming the payment that paid
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(refunds(orderNo)).hasSize(1));
		ConsumerRecord<String, byte[]> refund = refunds(orderNo).get(0);
		assertThat(EventCodec.decode(header(refund, PayonceHeaders.EVENT_TYPE), refund.value()))
			.isEqualTo(DuplicatePayment.of(second, first.payNo(), DuplicatePayment.Detector.LEDGER));
		assertThat(header(refund, PayonceHeaders.EVENT_ID)).isNotBlank();
		assertThat(header(refund, PayonceHeaders.ORIGIN_TOPIC)).isEqualTo(Topic.PAY_SUCCESS.topicName());

		// when Redis loses every key and the second payment is delivered again, and the first one too
		RedissonClient redis = fixture.consumer().bean(RedissonClient.class);
		redis.getKeys().flushall();
		assertThat(redis.getBucket("payonce:deduct:" + orderNo).isExists()).as("the flush happened").isFalse();
		fixture.topics().publish(second);
		fixture.topics().publish(first);

		// then the second is owed back again (same event id: one refund), the first is a duplicate, and the
		// money moved once
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(refunds(orderNo)).hasSize(2));
		await().atMost(Duration.ofSeconds(30)).until(() -> fixture.committed() == fixture.end());
		List<ConsumerRecord<String, byte[]>> refunds = refunds(orderNo);
		assertThat(header(refunds.get(1), PayonceHeaders.EVENT_ID)).isEqualTo(header(refunds.get(0),
				PayonceHeaders.EVENT_ID));
		assertThat(fixture.consumer().total("DUPLICATE_PAYMENT")).isEqualTo(2.0);
		assertThat(fixture.consumer().count("DUPLICATE", "state")).isEqualTo(1.0);
		assertThat(fixture.consumer().total("DUPLICATE")).isEqualTo(1.0);
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo("301.00");
		assertThat(fixture.trade().orderPayNo(orderNo)).isEqualTo(first.payNo());
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).isEmpty();
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo)).isEmpty();
	}

	private static List<ConsumerRecord<String, byte[]>> refunds(String orderNo) {
		return fixture.topics().records(Topic.PAY_REFUND_REQUIRED, orderNo);
	}

}
