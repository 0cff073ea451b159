package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalStack;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Records that will not succeed by waiting leave the main path with their reason and block nothing. */
class UnpayableRecordsGoToTerminalIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("terminal");

	private static PaymentTopics topics;

	private static ConsumerInstance consumer;

	private static TradeDatabase trade;

	@BeforeAll
	static void startConsumer() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		consumer = ConsumerInstance.start(stack, "terminal", group, Map.of());
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void stopConsumer() {
		consumer.close();
		topics.close();
	}

	@Test
	void aPaymentForARefundedOrderIsTerminalWithIllegalState() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "REFUNDED");

		// when
		topics.publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.ILLEGAL_STATE.name());
		assertThat(trade.deductions(orderNo)).isZero();
		assertThat(trade.orderStatus(orderNo)).isEqualTo("REFUNDED");
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("500.00"));
	}

	@Test
	void aPaymentWithAnotherAmountThanTheOrderIsATerminalConflict() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "99.00", "INIT");

		// when
		topics.publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.CONFLICT.name());
		assertThat(trade.deductions(orderNo)).isZero();
		assertThat(trade.orderStatus(orderNo)).isEqualTo("INIT");
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("500.00"));
	}

	@Test
	void anUnreadableRecordIsTerminalAndTheNextRecordOfItsPartitionIsStillDeducted() {
		// given: garbage under the key of a real order, so both land on the same partition
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "INIT");
		byte[] garbage = "{\"orderNo\": 12, not json".getBytes(StandardCharsets.UTF_8);

		// when
		topics.publishRaw(orderNo, garbage, "PaySuccess");
		topics.publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(orderNo);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.UNREADABLE.name());
		assertThat(terminal.value()).isEqualTo(garbage);
		assertThat(header(terminal, PayonceHeaders.EVENT_ID)).isNotBlank();
		assertThat(header(terminal, PayonceHeaders.ORIGIN_TOPIC)).isEqualTo(Topic.PAY_SUCCESS.topicName());
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(trade.deductions(orderNo)).isEqualTo(1));
	}

	@Test
	void anUnknownEventTypeIsTerminalNotAcknowledgedAsProcessed() {
		// given
		String key = Fixtures.anOrderNo();

		// when
		topics.publishRaw(key, "{}".getBytes(StandardCharsets.UTF_8), "PaymentRefunded");

		// then
		ConsumerRecord<String, byte[]> terminal = awaitTerminal(key);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.UNKNOWN_EVENT_TYPE.name());
	}

	private static ConsumerRecord<String, byte[]> awaitTerminal(String key) {
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(topics.records(Topic.PAY_SUCCESS_TERMINAL, key)).hasSize(1));
		assertThat(topics.records(Topic.PAY_SUCCESS_RETRY, key)).isEmpty();
		return topics.records(Topic.PAY_SUCCESS_TERMINAL, key).get(0);
	}

}
