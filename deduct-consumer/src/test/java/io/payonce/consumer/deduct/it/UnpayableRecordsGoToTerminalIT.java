package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Records that will not succeed by waiting leave the main path with their reason and block nothing. */
class UnpayableRecordsGoToTerminalIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("terminal");

	@Test
	void aPaymentForARefundedOrderIsTerminalWithIllegalState() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "REFUNDED");

		// when
		fixture.topics().publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.ILLEGAL_STATE.name());
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("REFUNDED");
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("500.00"));
	}

	@Test
	void aPaymentWithAnotherAmountThanTheOrderIsATerminalConflict() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "99.00", "INIT");

		// when
		fixture.topics().publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.CONFLICT.name());
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("INIT");
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo(new BigDecimal("500.00"));
	}

	@Test
	void anUnreadableRecordIsTerminalAndTheNextRecordOfItsPartitionIsStillDeducted() {
		// given: garbage under the key of a real order, so both land on the same partition
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		byte[] garbage = "{\"orderNo\": 12, not json".getBytes(StandardCharsets.UTF_8);

		// when
		fixture.topics().publishRaw(orderNo, garbage, "PaySuccess");
		fixture.topics().publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.UNREADABLE.name());
		assertThat(terminal.value()).isEqualTo(garbage);
		assertThat(header(terminal, PayonceHeaders.EVENT_ID)).isNotBlank();
		assertThat(header(terminal, PayonceHeaders.ORIGIN_TOPIC)).isEqualTo(Topic.PAY_SUCCESS.topicName());
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.trade().deductions(orderNo)).isEqualTo(1));
	}

	@Test
	void anUnknownEventTypeIsTerminalNotAcknowledgedAsProcessed() {
		// given
		String key = Fixtures.anOrderNo();

		// when
		fixture.topics().publishRaw(key, "{}".getBytes(StandardCharsets.UTF_8), "PaymentRefunded");

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(key);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.UNKNOWN_EVENT_TYPE.name());
	}

	private static ConsumerRecord<String, byte[]> awaitTerminal(String key) {
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, key)).hasSize(1));
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, key)).isEmpty();
		return fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, key).get(0);
	}

}
