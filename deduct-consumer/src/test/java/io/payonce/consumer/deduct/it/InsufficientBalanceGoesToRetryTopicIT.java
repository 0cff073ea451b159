package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.payonce.contract.EventCodec;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

class InsufficientBalanceGoesToRetryTopicIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("insufficient");

	@Test
	void insufficientBalanceGoesToTheRetryTopicWithHeadersDeductsNothingAndReleasesTheKey() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "10.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when
		fixture.topics().publish(payment);

		// then
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).hasSize(1));
		ConsumerRecord<String, byte[]> retry = fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo).get(0);
		assertThat(retry.value()).isEqualTo(EventCodec.encode(payment));
		assertThat(header(retry, PayonceHeaders.REASON)).isEqualTo(FailureReason.INSUFFICIENT_BALANCE.name());
		assertThat(header(retry, PayonceHeaders.ATTEMPT)).isEqualTo("1");
		assertThat(header(retry, PayonceHeaders.EVENT_ID)).isNotBlank();
		assertThat(header(retry, PayonceHeaders.EVENT_TYPE)).isEqualTo("PaySuccess");
		assertThat(header(retry, PayonceHeaders.ERROR_CLASS)).isNotBlank();
		assertThat(header(retry, PayonceHeaders.ERROR_MESSAGE)).contains("insufficient balance");
		assertThat(Instant.parse(header(retry, PayonceHeaders.FIRST_FAILURE_AT))).isBefore(Instant.now());
		assertThat(header(retry, PayonceHeaders.ORIGIN_TOPIC)).isEqualTo(Topic.PAY_SUCCESS.topicName());
		assertThat(header(retry, PayonceHeaders.ORIGIN_PARTITION)).matches("\\d+");
		assertThat(header(retry, PayonceHeaders.ORIGIN_OFFSET)).matches("\\d+");
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("10.00"));
		assertThat(fixture.trade().orderStatus(orderNo)).as("the CAS was rolled back with the transaction")
			.isEqualTo("INIT");
		assertThat(fixture.consumer().bean(RedissonClient.class).getBucket("payonce:deduct:" + orderNo).isExists())
			.as("the claim was released").isFalse();
		assertThat(fixture.consumer().count("RETRY", "none")).isEqualTo(1.0);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(fixture.committed()).isEqualTo(fixture.end()));
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo)).isEmpty();
		List<ConsumerRecord<String, byte[]>> retries = fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo);
		assertThat(retries).hasSize(1);
	}

}
