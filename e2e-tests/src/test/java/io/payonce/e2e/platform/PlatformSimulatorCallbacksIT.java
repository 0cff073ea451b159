package io.payonce.e2e.platform;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.SimulatorProcess;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.QueryAnswer;
import io.payonce.simulator.api.AttemptView;
import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.api.DeliveryView;
import io.payonce.simulator.api.PaymentView;
import io.payonce.simulator.client.SimulatorClient;
import io.payonce.simulator.payment.Fault;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The platform simulator (its exec jar, a process) calling back a real producer-gateway process on the local
 * stack: its signed callbacks are accepted, a gateway answering 503 or down is tried again in the schedule's
 * slots until it answers 200, and a lost callback never reaches the gateway though the platform knows the
 * payment. Each fault test first proves its fault happened (the attempts it caused are recorded).
 */
class PlatformSimulatorCallbacksIT {

	/**
	 * Slots 0.5 s, 1 s, then every 2 s, for 5 minutes: a gateway restart fits well inside. A generous answer
	 * timeout, so that a gateway slowed by a busy machine is not mistaken for one that does not answer.
	 */
	private static final Map<String, String> FAST_RETRIES = Map.of("PAYONCE_SIMULATOR_CALLBACK_RETRY_DELAYS",
			"500ms,1s,2s", "PAYONCE_SIMULATOR_CALLBACK_WINDOW", "5m", "PAYONCE_SIMULATOR_CALLBACK_TIMEOUT", "30s");

	private static final Duration DELIVERY_TIMEOUT = Duration.ofMinutes(2);

	private static Pipeline pipeline;

	private static SimulatorProcess simulator;

	private static SimulatorClient client;

	private static TradeLedger ledger;

	@BeforeAll
	static void start() {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "producer-gateway");
		simulator = SimulatorProcess.start(stack, pipeline.service("producer-gateway").baseUrl(), FAST_RETRIES);
		client = simulator.client();
		ledger = pipeline.ledger();
	}

	@AfterAll
	static void stop() {
		if (simulator != null) {
			simulator.close();
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void signedCallbacksAreAcceptedByTheGatewayAtTheFirstAttempt() {
		// given three orders paid on the platform
		List<String> payNos = List.of(charge(anOrder()), charge(anOrder()), charge(anOrder()));

		// when their callbacks are delivered
		List<PaymentView> payments = payNos.stream().map(PlatformSimulatorCallbacksIT::awaitDelivered).toList();

		// then each was accepted once, with its signature, at the first attempt, and stored by the gateway once
		for (PaymentView payment : payments) {
			DeliveryView delivery = payment.callbacks().get(0);
			assertThat(delivery.attempts()).singleElement().satisfies(attempt -> {
				assertThat(attempt.status()).isEqualTo(200);
				assertThat(attempt.answer()).isEqualTo("{\"result\":\"ACCEPTED\"}");
			});
			assertThat(ledger.paymentCount(payment.orderNo())).isEqualTo(1);
		}
	}

	@Test
	void aCallbackSentTwiceIsAcceptedOnceAndAnsweredDuplicateOnce() {
		String orderNo = anOrder();
		String payNo = client.charge(ChargeSpec.of(orderNo, 10086, new BigDecimal("25.00")).withFaults(Fault.DUPLICATE_CALLBACK))
			.payments()
			.get(0)
			.payNo();

		PaymentView payment = awaitDelivered(payNo);

		assertThat(payment.callbacks()).hasSize(2);
		assertThat(payment.callbacks()).extracting(delivery -> last(delivery).answer())
			.containsExactlyInAnyOrder("{\"result\":\"ACCEPTED\"}", "{\"result\":\"DUPLICATE\"}");
		assertThat(ledger.paymentCount(orderNo)).isEqualTo(1);
		assertThat(ledger.duplicateCount(orderNo)).isEqualTo(1);
	}

	@Test
	void aGatewayAnswering503IsTriedAgainUntilItAnswers200() {
		// given a gateway whose database is down, so that it answers 503
		MariaDbNode mariaDb = pipeline.stack().mariaDb();
		String orderNo = anOrder();
		String payNo;
		mariaDb.stop();
		try {
			// when a payment is made, its callback gets at least two 503s (the fault happened)
			payNo = charge(orderNo);
			await().atMost(DELIVERY_TIMEOUT)
				.until(() -> attempts(payNo).stream().filter(attempt -> attempt.status() == 503).count() >= 2);
		}
		finally {
			mariaDb.start();
		}

		// then once the database is back the next attempt is answered 200 and the payment is stored once
		PaymentView payment = awaitDelivered(payNo);
		List<AttemptView> attempts = payment.callbacks().get(0).attempts();
		assertThat(attempts.size()).isGreaterThanOrEqualTo(3);
		assertThat(attempts.subList(0, attempts.size() - 1)).allSatisfy(attempt -> assertThat(attempt.status())
			.as("attempt %d: %s", attempt.number(), attempt.answer())
			.isEqualTo(503));
		assertThat(last(payment.callbacks().get(0)).status()).isEqualTo(200);
		assertThat(ledger.paymentCount(orderNo)).isEqualTo(1);
	}

	@Test
	void aGatewayThatIsDownIsTriedAgainUntilItIsBack() {
		// given a gateway that is not running
		ServiceProcess gateway = pipeline.service("producer-gateway");
		String orderNo = anOrder();
		String payNo;
		gateway.stop();
		try {
			// when a payment is made, its callback finds no one at least twice (the fault happened)
			payNo = charge(orderNo);
			await().atMost(DELIVERY_TIMEOUT)
				.until(() -> attempts(payNo).stream().filter(attempt -> attempt.status() == 0).count() >= 2);
		}
		finally {
			gateway.start();
		}

		// then once it runs again the callback is delivered, accepted, and stored once
		PaymentView payment = awaitDelivered(payNo);
		List<AttemptView> attempts = payment.callbacks().get(0).attempts();
		assertThat(attempts.subList(0, 2)).allSatisfy(attempt -> {
			assertThat(attempt.status()).isZero();
			assertThat(attempt.error()).isNotBlank();
		});
		assertThat(last(payment.callbacks().get(0)).answer()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(ledger.paymentCount(orderNo)).isEqualTo(1);
	}

	@Test
	void aLostCallbackIsNeverSentButThePlatformReportsThePaymentWhenAsked() {
		// given a payment whose callback is lost, then one whose callback is not
		String lostOrder = anOrder();
		String lostPayNo = client.charge(ChargeSpec.of(lostOrder, 10086, new BigDecimal("25.00")).withFaults(Fault.LOSE_CALLBACK))
			.payments()
			.get(0)
			.payNo();
		String laterPayNo = charge(anOrder());

		// when the later payment's callback has been delivered
		awaitDelivered(laterPayNo);

		// then the lost one had no delivery and no attempt, and the gateway never saw it
		assertThat(client.payment(lostPayNo).callbacks()).isEmpty();
		assertThat(ledger.paymentCount(lostOrder)).isZero();
		// but the platform knows it was paid: what active query will find
		QueryAnswer answer = simulator.platform().query(lostOrder);
		assertThat(answer).isInstanceOf(QueryAnswer.Paid.class);
		assertThat(((QueryAnswer.Paid) answer).payments()).singleElement()
			.satisfies(payment -> assertThat(payment.payNo()).isEqualTo(lostPayNo));
	}

	private static String anOrder() {
		return "SIM-" + UUID.randomUUID().toString().substring(0, 18);
	}

	private static String charge(String orderNo) {
		return client.charge(ChargeSpec.of(orderNo, 10086, new BigDecimal("25.00")).withFaults()).payments().get(0).payNo();
	}

	private static List<AttemptView> attempts(String payNo) {
		return client.payment(payNo).callbacks().get(0).attempts();
	}

	/** Waits until every delivery of the payment is DELIVERED; fails with the attempts if one gave up. */
	private static PaymentView awaitDelivered(String payNo) {
		await().atMost(DELIVERY_TIMEOUT).untilAsserted(() -> {
			PaymentView payment = client.payment(payNo);
			assertThat(payment.callbacks()).as("callbacks of %s", payNo)
				.isNotEmpty()
				.allSatisfy(delivery -> assertThat(delivery.state()).as("%s", delivery).isEqualTo("DELIVERED"));
		});
		return client.payment(payNo);
	}

	private static AttemptView last(DeliveryView delivery) {
		return delivery.attempts().get(delivery.attempts().size() - 1);
	}

}
