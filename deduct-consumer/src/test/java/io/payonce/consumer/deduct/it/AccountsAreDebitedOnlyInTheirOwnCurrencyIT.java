package io.payonce.consumer.deduct.it;

import static io.payonce.consumer.deduct.it.PaymentTopics.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An account has one currency: a payment in another is never debited one for one (issue 14: a USD order of a CNY
 * account used to take 199 CNY for 199 USD), and a user without an account is not "insufficient".
 */
class AccountsAreDebitedOnlyInTheirOwnCurrencyIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("currency");

	@Test
	void aUsdPaymentForACnyAccountIsTerminalWithCurrencyMismatchAndMovesNothing() {
		// given a CNY account that could cover the amount one for one, and a USD order
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00", "CNY");
		fixture.trade().order(orderNo, user, "199.00", "USD", "INIT");

		// when its USD payment arrives
		fixture.topics().publish(Fixtures.aPayment(orderNo, user, "199.00", "USD"));

		// then terminal, with its reason; the CAS and the flow were rolled back with the refused debit
		await().atMost(Duration.ofSeconds(60)).untilAsserted(
				() -> assertThat(fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo)).hasSize(1));
		ConsumerRecord<String, byte[]> terminal = fixture.topics().records(Topic.PAY_SUCCESS_TERMINAL, orderNo).get(0);
		assertThat(header(terminal, PayonceHeaders.REASON)).isEqualTo(FailureReason.CURRENCY_MISMATCH.name());
		assertThat(header(terminal, PayonceHeaders.ERROR_MESSAGE)).contains("USD");
		assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).isEmpty();
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo("500.00");
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("INIT");
		assertThat(fixture.trade().orderPayNo(orderNo)).isNull();
		assertThat(fixture.consumer().count("TERMINAL", "none")).isEqualTo(1.0);
	}

	@Test
	void aPaymentOfAUserWithoutAnAccountGoesToTheRetryTopicAsAccountNotFound() {
		// given an order whose user has no account (yet)
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when
		fixture.topics().publish(payment);

		// then retried with its own reason, nothing written
		await().atMost(Duration.ofSeconds(60)).untilAsserted(
				() -> assertThat(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo)).hasSize(1));
		assertThat(header(fixture.topics().records(Topic.PAY_SUCCESS_RETRY, orderNo).get(0), PayonceHeaders.REASON))
			.isEqualTo(FailureReason.ACCOUNT_NOT_FOUND.name());
		assertThat(fixture.trade().deductions(orderNo)).isZero();
		assertThat(fixture.trade().orderStatus(orderNo)).isEqualTo("INIT");
		assertThat(fixture.consumer().count("RETRY", "none")).isEqualTo(1.0);
	}

}
