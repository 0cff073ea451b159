package io.payonce.e2e.edges;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.contract.EventCodec;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import io.payonce.infra.pipeline.TradeLedger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 14, the ledger's edges, black box: signed callbacks to the gateway, the relay and the consumer as
 * processes on the real stack. A platform payment that meets another spelling of its order or another currency is
 * deducted once or visibly refused (on the retry or terminal topic, with its reason), never absorbed as a
 * duplicate, and never debited one for one in a foreign currency.
 */
class LedgerEdgesAreNeverAbsorbedIT {

	private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(90);

	private static final BigDecimal BALANCE = new BigDecimal("100.00");

	private static final BigDecimal AMOUNT = new BigDecimal("25.00");

	private static Pipeline pipeline;

	private static CallbackClient callbacks;

	private static TradeLedger ledger;

	private static TopicRecords refusals;

	private static TopicRecords deductions;

	@BeforeAll
	static void startPipeline() {
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
		callbacks = pipeline.callbacks();
		ledger = pipeline.ledger();
		refusals = new TopicRecords(pipeline.stack().kafka().bootstrapServers(), Topic.PAY_SUCCESS_RETRY,
				Topic.PAY_SUCCESS_TERMINAL);
		deductions = new TopicRecords(pipeline.stack().kafka().bootstrapServers(), Topic.PAY_DEDUCTED);
	}

	@AfterAll
	static void stopPipeline() {
		if (refusals != null) {
			refusals.close();
		}
		if (deductions != null) {
			deductions.close();
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void aPaymentForAbOneMeetingOrderABOneIsRefusedVisiblyAndTheOrderIsDeductedOnceByItsOwnPayment() {
		// given an account and the order in upper case only
		long user = aUserId();
		String upper = anUpperCaseOrderNo();
		String lower = upper.toLowerCase(Locale.ROOT);
		ledger.openAccount(user, BALANCE, "CNY");
		ledger.placeOrder(upper, user, AMOUNT, "CNY");

		// when the platform calls back for the lower-case spelling first (a payNo of its own), then for the order
		PayCallback forLower = aCallback(lower, user, "CNY");
		PayCallback forUpper = aCallback(upper, user, "CNY");
		CallbackResponse lowerAnswer = callbacks.send(forLower);
		CallbackResponse upperAnswer = callbacks.send(forUpper);

		// then both are accepted as two payments
		assertThat(lowerAnswer.status()).as("%s", lowerAnswer).isEqualTo(200);
		assertThat(lowerAnswer.body()).contains("ACCEPTED");
		assertThat(upperAnswer.status()).as("%s", upperAnswer).isEqualTo(200);
		assertThat(upperAnswer.body()).contains("ACCEPTED");
		// and they end as two outcomes: the order deducted once, by its own payment; the other spelling refused on
		// the retry topic as an order that does not exist (yet), not swallowed as a duplicate of the order
		await().atMost(ANSWER_TIMEOUT).untilAsserted(() -> {
			assertThat(ledger.orderStatus(upper)).contains("PAID");
			assertThat(refused(lower)).singleElement()
				.satisfies((record) -> assertThat(TopicRecords.header(record, PayonceHeaders.REASON))
					.isEqualTo(FailureReason.ORDER_NOT_FOUND.name()));
		});
		assertThat(ledger.flows(upper)).singleElement()
			.satisfies((flow) -> assertThat(flow.amount()).isEqualByComparingTo(AMOUNT.negate()));
		assertThat(ledger.flows(lower)).isEmpty();
		assertThat(refused(upper)).isEmpty();
		assertThat(ledger.balance(user)).hasValueSatisfying(
				(balance) -> assertThat(balance).isEqualByComparingTo(BALANCE.subtract(AMOUNT)));
	}

	@Test
	void twoOrdersThatDifferOnlyInCaseAreEachDeductedOnceByTheirOwnPayment() {
		// given both spellings as orders of one user
		long user = aUserId();
		String upper = anUpperCaseOrderNo();
		String lower = upper.toLowerCase(Locale.ROOT);
		ledger.openAccount(user, BALANCE, "CNY");
		ledger.placeOrder(upper, user, AMOUNT, "CNY");
		ledger.placeOrder(lower, user, AMOUNT, "CNY");

		// when each is paid
		PayCallback forLower = aCallback(lower, user, "CNY");
		PayCallback forUpper = aCallback(upper, user, "CNY");
		assertThat(callbacks.send(forLower).status()).isEqualTo(200);
		assertThat(callbacks.send(forUpper).status()).isEqualTo(200);

		// then two deductions, one per order, each announced on pay.deducted with its own payment (the relay reads
		// the trade outbox as migration V2 left it)
		await().atMost(ANSWER_TIMEOUT).untilAsserted(() -> {
			assertThat(ledger.flows(upper)).hasSize(1);
			assertThat(ledger.flows(lower)).hasSize(1);
			assertThat(deducted(upper)).containsExactly(forUpper.payNo());
			assertThat(deducted(lower)).containsExactly(forLower.payNo());
		});
		assertThat(ledger.orderStatus(upper)).contains("PAID");
		assertThat(ledger.orderStatus(lower)).contains("PAID");
		assertThat(ledger.balance(user)).hasValueSatisfying(
				(balance) -> assertThat(balance).isEqualByComparingTo(BALANCE.subtract(AMOUNT).subtract(AMOUNT)));
	}

	@Test
	void aUsdPaymentForACnyAccountNeverDebitsCnyAndIsTerminalWithCurrencyMismatch() {
		// given a CNY account that could cover 25.00 one for one, and a USD order
		long user = aUserId();
		String orderNo = anUpperCaseOrderNo();
		ledger.openAccount(user, BALANCE, "CNY");
		ledger.placeOrder(orderNo, user, AMOUNT, "USD");

		// when its USD payment is called back
		CallbackResponse answer = callbacks.send(aCallback(orderNo, user, "USD"));

		// then accepted, and terminal with its reason; nothing debited, the order still INIT
		assertThat(answer.status()).as("%s", answer).isEqualTo(200);
		await().atMost(ANSWER_TIMEOUT).untilAsserted(() -> assertThat(refused(orderNo)).singleElement()
			.satisfies((record) -> {
				assertThat(record.topic()).isEqualTo(Topic.PAY_SUCCESS_TERMINAL.topicName());
				assertThat(TopicRecords.header(record, PayonceHeaders.REASON))
					.isEqualTo(FailureReason.CURRENCY_MISMATCH.name());
			}));
		assertThat(ledger.balance(user)).hasValueSatisfying((balance) -> assertThat(balance).isEqualByComparingTo(BALANCE));
		assertThat(ledger.flows(orderNo)).isEmpty();
		assertThat(ledger.orderStatus(orderNo)).contains("INIT");
	}

	/** The payNos of the PayDeducted events with exactly this key. */
	private static List<String> deducted(String orderNo) {
		return deductions.all()
			.stream()
			.filter((record) -> orderNo.equals(record.key()))
			.map((record) -> EventCodec.decode(PayDeducted.class, record.value()).payNo())
			.toList();
	}

	/** Records with exactly this key on the retry and terminal topics. */
	private static List<ConsumerRecord<String, byte[]>> refused(String orderNo) {
		return refusals.all().stream().filter((record) -> orderNo.equals(record.key())).toList();
	}

	private static PayCallback aCallback(String orderNo, long userId, String currency) {
		return new PayCallback("PAY-" + UUID.randomUUID().toString().substring(0, 18), orderNo, userId, AMOUNT,
				currency, "SUCCESS", Instant.now().truncatedTo(ChronoUnit.MILLIS));
	}

	/** Letters in it, so that lower case is another spelling. */
	private static String anUpperCaseOrderNo() {
		return "AB-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase(Locale.ROOT);
	}

	private static long aUserId() {
		return ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L);
	}

}
