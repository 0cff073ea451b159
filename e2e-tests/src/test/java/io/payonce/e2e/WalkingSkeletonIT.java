package io.payonce.e2e;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

import io.payonce.e2e.support.PaySuccessRecords;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.Demo;
import io.payonce.infra.LocalStack;
import io.payonce.infra.pipeline.OpsApi;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One payment through the whole pipeline, black box: the gateway, the relay and the consumer run as separate
 * processes (their exec jars) against real Kafka, MariaDB and Redis; the test only speaks HTTP to the gateway
 * and reads the databases.
 */
class WalkingSkeletonIT {

	private static final BigDecimal BALANCE = new BigDecimal("100.00");

	private static final Duration DEDUCTION_TIMEOUT = Duration.ofSeconds(90);

	private static Pipeline pipeline;

	private static CallbackClient callbacks;

	private static TradeLedger ledger;

	@BeforeAll
	static void startPipeline() {
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
		// once the consumer is UP (it creates the trade schema, which the reconciliation extends): the demo tops its
		// accounts up through the reconciliation's audited top-up
		pipeline.launch("reconciliation", java.util.Map.of());
		callbacks = pipeline.callbacks();
		ledger = pipeline.ledger();
	}

	@AfterAll
	static void stopPipeline() {
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void theSameSignedCallbackTwiceDeductsOnce() {
		// given an account with 100.00 and an INIT order of 25.00
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);

		// when the platform sends the same signed callback twice
		CallbackResponse first = callbacks.send(payment.callback());
		CallbackResponse second = callbacks.send(payment.callback());

		// then the gateway accepts the first and absorbs the second
		assertThat(first.status()).as("first answer %s", first).isEqualTo(200);
		assertThat(first.body()).contains("ACCEPTED");
		assertThat(second.status()).as("second answer %s", second).isEqualTo(200);
		assertThat(second.body()).contains("DUPLICATE");

		// and the order is paid with exactly one deduction
		await().atMost(DEDUCTION_TIMEOUT).untilAsserted(() -> {
			assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID");
			assertThat(ledger.flows(payment.orderNo())).filteredOn(flow -> "PAY_DEDUCT".equals(flow.type()))
				.singleElement()
				.satisfies(flow -> assertThat(flow.amount()).isEqualByComparingTo("-25.00"));
		});
		// and stays so: no late second deduction
		await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(ledger.flows(payment.orderNo())).hasSize(1);
			assertThat(ledger.balance(payment.userId())).hasValueSatisfying(
					balance -> assertThat(balance).isEqualByComparingTo(payment.balanceAfterOneDeduction()));
		});
		assertThat(ledger.paymentCount(payment.orderNo())).isEqualTo(1);
	}

	@Test
	void theDemoOfPayonceDemoDeductsEveryPaymentExactlyOnce() {
		// given the demo of ./payonce demo, pointed at this pipeline
		java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
		Demo demo = new Demo(callbacks, ledger, new OpsApi(pipeline.service("reconciliation").baseUrl()),
				new java.io.PrintStream(printed, true, StandardCharsets.UTF_8), Clock.systemUTC());

		// when
		boolean exactlyOnce = demo.run();

		// then
		String output = printed.toString(StandardCharsets.UTF_8);
		assertThat(exactlyOnce).as(output).isTrue();
		assertThat(output).contains("DUPLICATE", "-> 401", "-> 400", "OK: every payment was deducted exactly once.",
				"Try next", "./payonce audit");
	}

	@Test
	void unsignedAndMalformedCallbacksAreRefusedWithAProblemAndLeaveNoTrace() {
		// given a payable order
		SeededPayment refused = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);
		PayCallback callback = refused.callback();

		// when its callback arrives unsigned, signed with a wrong secret, and as malformed JSON
		CallbackResponse unsigned = callbacks.post(callback.json().getBytes(StandardCharsets.UTF_8), null);
		CallbackResponse wrongSecret = new CallbackClient(pipeline.service("producer-gateway").baseUrl(),
				"not-the-secret", Clock.systemUTC())
			.send(callback);
		CallbackResponse malformed = callbacks
			.sendSigned("{\"payNo\":\"" + callback.payNo() + "\",\"orderNo\":\"" + callback.orderNo() + "\",");

		// then each gets a client error as problem+json, never a 500
		assertThat(unsigned.status()).as("unsigned: %s", unsigned).isEqualTo(401);
		assertThat(wrongSecret.status()).as("wrong secret: %s", wrongSecret).isEqualTo(401);
		assertThat(malformed.status()).as("malformed: %s", malformed).isEqualTo(400);
		assertThat(java.util.List.of(unsigned, wrongSecret, malformed)).allSatisfy(
				response -> assertThat(response.isProblem()).as("problem+json: %s", response.contentType()).isTrue());
		// and nothing was written
		assertThat(ledger.paymentCount(callback.orderNo())).isZero();
		assertThat(ledger.gatewayOutboxCount(callback.orderNo())).isZero();

		// and nothing was relayed: a valid payment sent afterwards overtakes nothing (the relay reads the binlog
		// in order), so once it is paid, an event of the refused callbacks would have been deducted already
		SeededPayment barrier = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);
		assertThat(callbacks.send(barrier.callback()).status()).isEqualTo(200);
		try (PaySuccessRecords paySuccess = new PaySuccessRecords(pipeline.stack().kafka().bootstrapServers())) {
			await().atMost(DEDUCTION_TIMEOUT).untilAsserted(() -> {
				assertThat(ledger.orderStatus(barrier.orderNo())).contains("PAID");
				assertThat(paySuccess.withKey(barrier.orderNo())).hasSize(1);
			});
			assertThat(paySuccess.withKey(refused.orderNo())).isEmpty();
		}
		assertThat(ledger.orderStatus(refused.orderNo())).contains("INIT");
		assertThat(ledger.flows(refused.orderNo())).isEmpty();
		assertThat(ledger.balance(refused.userId())).hasValueSatisfying(
				balance -> assertThat(balance).isEqualByComparingTo(BALANCE));
	}

}
