package io.payonce.e2e.console;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.e2e.support.PaySuccessRecords;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.chrome.ChromeDriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 14, "a second payment for one order": the platform charges a user twice (two payNos, one orderNo). Black
 * box, through the real pipeline with signed callbacks: gateway, relay, consumer and dlt-handler run as separate
 * processes (their exec jars) against the local stack's Kafka, MariaDB and Redis.
 * <p>
 * The second payment is answered 200 {@code DUPLICATE_PAYMENT} to each of 20 concurrent callbacks and once more
 * later, lands on {@code pay.refund-required} exactly once, is listed in the ops console OPEN, then REFUNDED by an
 * admin (audited, one change however often sent) and still REFUNDED after the handler restarted without its
 * local state (its audit trail is a Kafka topic too); the first payment's deduction is untouched. The console page's "Duplicate payments" section does
 * the same in a headless Chromium (skipped, with the apt line, where Chromium is not installed).
 */
class SecondPaymentIsOwedBackIT {

	private static final BigDecimal BALANCE = new BigDecimal("100.00");

	private static final int CONCURRENT_CALLBACKS = 20;

	private static final Duration PIPELINE_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration CONSOLE_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

	private static Pipeline pipeline;

	private static ServiceProcess dltHandler;

	private static Path stateDir;

	private static TradeLedger ledger;

	@BeforeAll
	static void startPipeline() throws IOException {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		// its own audit trail and state folder: the test deletes the folder to show that REFUNDED lives in Kafka
		stateDir = Files.createDirectories(stack.dataDir().resolve("second-payment-it-" + UUID.randomUUID()));
		dltHandler = pipeline.launch("dlt-handler", Map.of("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC",
				"e2e.second-payment.audit." + UUID.randomUUID(), "PAYONCE_DLT_STREAMS_STATE_DIR", stateDir.toString()));
	}

	@AfterAll
	static void stopPipeline() {
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void aSecondPaymentIsOwedBackOnceListedRefundedAndLeavesTheFirstDeductionAlone() throws Exception {
		// given an order paid and deducted once: 25.00 from an account of 100.00
		SeededPayment first = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);
		CallbackClient callbacks = pipeline.callbacks();
		assertThat(callbacks.send(first.callback()).body()).contains("ACCEPTED");
		awaitDeductedOnce(first);

		// when the platform charges the user a second time for the order and calls back 20 times at once, then again
		PayCallback second = first.callback().withPayNo("PAY2-" + first.orderNo());
		List<CallbackResponse> concurrent = sendConcurrently(callbacks, second);
		CallbackResponse later = callbacks.send(second);

		// then every answer is 200 DUPLICATE_PAYMENT: the platform stops retrying, nothing is refused
		assertThat(concurrent).hasSize(CONCURRENT_CALLBACKS)
			.allSatisfy((answer) -> assertThat(answer).hasToString("200 {\"result\":\"DUPLICATE_PAYMENT\"}"));
		assertThat(later).hasToString("200 {\"result\":\"DUPLICATE_PAYMENT\"}");

		// and the second payment is on pay.refund-required exactly once, naming the payment that holds the order
		try (TopicRecords refundRequired = new TopicRecords(pipeline.stack().kafka().bootstrapServers(),
				Topic.PAY_REFUND_REQUIRED)) {
			ConsumerRecord<String, byte[]> owed = await().atMost(PIPELINE_TIMEOUT)
				.until(() -> refundRequired.withKeyPrefix(first.orderNo()), (records) -> !records.isEmpty())
				.get(0);
			assertThat(TopicRecords.header(owed, PayonceHeaders.EVENT_TYPE)).isEqualTo("DuplicatePayment");
			assertThat(EventCodec.decode(DuplicatePayment.class, owed.value()))
				.isEqualTo(new DuplicatePayment(second.payNo(), first.orderNo(), first.userId(), second.amount(),
						second.currency(), second.paidAt(), first.callback().payNo(), DuplicatePayment.Detector.GATEWAY));
			await().during(Duration.ofSeconds(3))
				.atMost(Duration.ofSeconds(15))
				.untilAsserted(() -> assertThat(refundRequired.withKeyPrefix(first.orderNo()))
					.as("records of %s on pay.refund-required", first.orderNo())
					.singleElement()
					.satisfies((record) -> assertThat(record.key()).isEqualTo(first.orderNo())));
		}

		// and the console lists it, OPEN
		ConsoleApi console = new ConsoleApi(dltHandler.baseUrl());
		Map<String, Object> listed = await().atMost(CONSOLE_TIMEOUT)
			.until(() -> console.duplicatePayments(first.orderNo()), (entries) -> !entries.isEmpty())
			.get(0);
		assertThat(listed).containsEntry("payNo", second.payNo())
			.containsEntry("firstPayNo", first.callback().payNo())
			.containsEntry("amount", "25.00")
			.containsEntry("currency", "CNY")
			.containsEntry("detectedBy", "GATEWAY")
			.containsEntry("state", "OPEN");

		// when an admin records that it was refunded at the platform, and the request is sent twice
		HttpResponse<String> refunded = console.markRefunded(second.payNo(), "refund R-" + second.payNo());
		HttpResponse<String> again = console.markRefunded(second.payNo(), "sent twice");

		// then it is REFUNDED once, and the audit trail says who did it and with which note
		assertThat(refunded.statusCode()).as(refunded.body()).isEqualTo(200);
		assertThat(refunded.body()).contains("\"changed\":true");
		assertThat(again.body()).contains("\"changed\":false");
		assertThat(console.duplicatePayments(first.orderNo())).singleElement().satisfies((entry) -> {
			assertThat(entry).containsEntry("state", "REFUNDED").containsEntry("refundedBy", ConsoleApi.ADMIN);
			assertThat(entry).containsEntry("note", "refund R-" + second.payNo());
		});
		assertThat(console.audit()).filteredOn((action) -> "MARK_REFUNDED".equals(action.get("action"))
				&& String.valueOf(action.get("selection")).contains(second.payNo()))
			.hasSize(2)
			.first()
			.satisfies((action) -> {
				assertThat(action).containsEntry("actor", ConsoleApi.ADMIN);
				assertThat((String) action.get("result")).startsWith("OK: REFUNDED").contains("refund R-" + second.payNo());
			});

		// and when the handler restarts without any local state, REFUNDED is still there: it lives in Kafka
		dltHandler.stop();
		deleteRecursively(stateDir);
		assertThat(stateDir).doesNotExist();
		dltHandler.start();
		ConsoleApi restarted = new ConsoleApi(dltHandler.baseUrl());
		await().atMost(CONSOLE_TIMEOUT).untilAsserted(() -> assertThat(restarted.duplicatePayments(first.orderNo()))
			.singleElement()
			.satisfies((entry) -> assertThat(entry).containsEntry("state", "REFUNDED")
				.containsEntry("refundedBy", ConsoleApi.ADMIN)
				.containsEntry("note", "refund R-" + second.payNo())));
		assertThat(restarted.audit()).anySatisfy((action) -> assertThat((String) action.get("result"))
			.startsWith("OK: REFUNDED").contains("refund R-" + second.payNo()));

		// and the first payment's deduction is untouched: one PAY_DEDUCT, balance debited once, one PaySuccess
		assertDeductedOnce(first);
		try (PaySuccessRecords paySuccess = new PaySuccessRecords(pipeline.stack().kafka().bootstrapServers())) {
			await().atMost(Duration.ofSeconds(15))
				.untilAsserted(() -> assertThat(paySuccess.withKey(first.orderNo())).singleElement()
					.satisfies((record) -> assertThat(record.value()).contains(first.callback().payNo())));
		}
	}

	@Test
	void anAdminRecordsTheRefundInTheConsolePage() {
		assumeTrue(HeadlessChromium.missing().isEmpty(), () -> HeadlessChromium.missing().orElse(""));
		// given a paid order and a second payment for it, listed OPEN
		SeededPayment first = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);
		CallbackClient callbacks = pipeline.callbacks();
		assertThat(callbacks.send(first.callback()).body()).contains("ACCEPTED");
		PayCallback second = first.callback().withPayNo("PAY2-" + first.orderNo());
		assertThat(callbacks.send(second)).hasToString("200 {\"result\":\"DUPLICATE_PAYMENT\"}");
		ConsoleApi console = new ConsoleApi(dltHandler.baseUrl());
		await().atMost(CONSOLE_TIMEOUT).until(() -> console.duplicatePayments(first.orderNo()), (e) -> !e.isEmpty());

		// when an admin opens the console, finds the row in "Duplicate payments", clicks "Mark refunded" and enters
		// the refund reference the page asks for
		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			chromium.openConsole(dltHandler.baseUrl(), ConsoleApi.ADMIN, ConsoleApi.ADMIN_PASSWORD);
			By row = By.cssSelector("#dp-records tr[data-pay-no='" + second.payNo() + "']");
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(By.id("dp-message")).getText()).endsWith("duplicate payment(s)");
				assertThat(browser.findElement(row).findElement(By.cssSelector("td.order-no")).getText())
					.isEqualTo(first.orderNo());
				assertThat(browser.findElement(row).findElement(By.cssSelector("td.status")).getText()).isEqualTo("OPEN");
			});
			browser.findElement(row).findElement(By.cssSelector("button.refunded")).click();
			Alert prompt = await().atMost(PAGE_TIMEOUT)
				.ignoreException(NoAlertPresentException.class)
				.until(() -> browser.switchTo().alert(), Objects::nonNull);
			assertThat(prompt.getText()).contains(second.payNo(), first.orderNo(), "25.00 CNY");
			prompt.sendKeys("refund R-" + second.payNo() + " (browser)");
			prompt.accept();

			// then the page confirms it, and the payment leaves the list of what is OPEN
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(By.id("dp-message")).getText())
					.isEqualTo("Recorded: " + second.payNo() + " REFUNDED");
				assertThat(browser.findElements(row)).isEmpty();
			});
			// and among the REFUNDED ones it shows so, with nothing left to click
			browser.findElement(By.cssSelector("#dp-filter select[name=state] option[value='REFUNDED']")).click();
			browser.findElement(By.id("dp-search")).click();
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(row).findElement(By.cssSelector("td.status")).getText())
					.isEqualTo("REFUNDED");
				assertThat(browser.findElement(row).findElement(By.cssSelector("button.refunded")).isEnabled()).isFalse();
			});
		}
		// and the console recorded who refunded it and the reference
		assertThat(console.duplicatePayments(first.orderNo())).singleElement()
			.satisfies((entry) -> assertThat(entry).containsEntry("state", "REFUNDED")
				.containsEntry("refundedBy", ConsoleApi.ADMIN)
				.containsEntry("note", "refund R-" + second.payNo() + " (browser)"));
	}

	/** The same signed callback from {@link #CONCURRENT_CALLBACKS} threads released together. */
	private static List<CallbackResponse> sendConcurrently(CallbackClient callbacks, PayCallback callback)
			throws Exception {
		CyclicBarrier together = new CyclicBarrier(CONCURRENT_CALLBACKS);
		ExecutorService senders = Executors.newFixedThreadPool(CONCURRENT_CALLBACKS);
		try {
			Callable<CallbackResponse> send = () -> {
				together.await();
				return callbacks.send(callback);
			};
			List<CallbackResponse> answers = new java.util.ArrayList<>();
			for (Future<CallbackResponse> answer : senders.invokeAll(Collections.nCopies(CONCURRENT_CALLBACKS, send))) {
				answers.add(answer.get());
			}
			return answers;
		}
		finally {
			senders.shutdownNow();
		}
	}

	private static void awaitDeductedOnce(SeededPayment payment) {
		await().atMost(PIPELINE_TIMEOUT).untilAsserted(() -> assertDeductedOnce(payment));
	}

	private static void assertDeductedOnce(SeededPayment payment) {
		assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID");
		assertThat(ledger.flows(payment.orderNo())).singleElement().satisfies((flow) -> {
			assertThat(flow.type()).isEqualTo("PAY_DEDUCT");
			assertThat(flow.amount()).isEqualByComparingTo(payment.callback().amount().negate());
		});
		assertThat(ledger.balance(payment.userId()))
			.hasValueSatisfying((balance) -> assertThat(balance).isEqualByComparingTo(payment.balanceAfterOneDeduction()));
	}

	private static void deleteRecursively(Path dir) throws IOException {
		try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
			for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
