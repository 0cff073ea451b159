package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;

import io.payonce.contract.EventCodec;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

/**
 * The repair SOP's first step (incident 5.4) on the real stack: a frozen account's payment is not deducted, waits in
 * the retry ladder with reason ACCOUNT_FROZEN, nothing written; after the unfreeze the ladder's re-delivery deducts
 * it, once, however often it arrives.
 */
class AFrozenAccountsPaymentWaitsAndIsDeductedOnceAfterTheUnfreezeIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("frozen");

	@Test
	void aFrozenAccountsPaymentWaitsWithAccountFrozenAndIsDeductedOnceAfterTheUnfreeze() {
		// given an account that covers the payment, frozen
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		fixture.trade().freeze(user);
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when the payment arrives
		fixture.topics().publish(payment);

		// then it waits in the retry ladder, named frozen, and nothing of it is written
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).hasSize(1));
		ConsumerRecord<String, byte[]> retry = fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo).get(0);
		assertThat(header(retry, PayonceHeaders.REASON)).isEqualTo(FailureReason.ACCOUNT_FROZEN.name());
		assertThat(header(retry, PayonceHeaders.ERROR_MESSAGE)).contains("account frozen");
		assertThat(retry.value()).isEqualTo(EventCodec.encode(payment));
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("500.00"));
		assertThat(fixture.trade().orderStatus(orderNo)).as("the CAS was rolled back with the payment")
			.isEqualTo("INIT");
		assertThat(fixture.consumer().bean(RedissonClient.class).getBucket("payonce:deduct:" + orderNo).isExists())
			.as("the claim was released: the re-delivery reaches the ledger").isFalse();
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo)).isEmpty();

		// when the account is unfrozen and the ladder re-delivers the payment (twice: at least once)
		fixture.trade().unfreeze(user);
		fixture.topics().publish(payment);
		fixture.topics().publish(payment);

		// then it is deducted exactly once
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.committed()).isEqualTo(fixture.end()));
		assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1);
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).as("no further wait").hasSize(1);
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo)).isEmpty();
	}

}
