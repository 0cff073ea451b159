package io.payonce.e2e.console;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.payonce.contract.PayonceHeaders;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.json.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 6, last bullet: an operator replays a terminal record from the ops console in a real headless browser
 * (Debian's Chromium through Selenium), and the ledger shows exactly one deduction; a second replay of the record is refused (409). Black box, through the real
 * pipeline: gateway, relay, consumer and dlt-handler run as separate processes (their exec jars) against the
 * local stack's Kafka, MariaDB and Redis; the handler with a shortened ladder (1 s, 1 s; one retry, so attempt 2
 * is the last).
 * <p>
 * Without Chromium or chromedriver the test is skipped, with the apt line in the assumption message; it never
 * passes without a browser.
 */
class ConsoleReplayInBrowserIT {

	private static final BigDecimal TOO_POOR = new BigDecimal("10.00");

	private static final BigDecimal TOPPED_UP = new BigDecimal("100.00");

	/** deduct-consumer/README.md: {@code payonce.consumer.group-id} default, which the pipeline runs with. */
	private static final String CONSUMER_GROUP = "payonce-deduct-consumer";

	private static final Duration TO_TERMINAL = Duration.ofSeconds(120);

	private static final Duration DEDUCTION_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

	private static final Json JSON = new Json();

	/** For a person to look at after a run (not committed, never compared). */
	private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

	private static Pipeline pipeline;

	private static ServiceProcess dltHandler;

	private static TradeLedger ledger;

	private static ConsoleApi console;

	/**
	 * Without a browser nothing is started, and each test is skipped by its own assumption (an assumption here
	 * would abort the class silently: failsafe would count no test at all, not a skipped one).
	 */
	@BeforeAll
	static void startPipeline() throws IOException {
		if (HeadlessChromium.missing().isPresent()) {
			return;
		}
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		// the dry run's forecast asks the reconciliation for the order and the account (issue 21)
		ServiceProcess reconciliation = pipeline.launch("reconciliation", Map.of());
		dltHandler = startDltHandler(stack, reconciliation);
		console = new ConsoleApi(dltHandler.baseUrl());
	}

	@BeforeEach
	void needsTheBrowser() {
		assumeTrue(HeadlessChromium.missing().isEmpty(), () -> HeadlessChromium.missing().orElse(""));
	}

	@AfterAll
	static void stopPipeline() {
		try {
			if (dltHandler != null) {
				dltHandler.stop();
			}
		}
		finally {
			if (pipeline != null) {
				pipeline.close();
			}
		}
	}

	@Test
	void anAdminSeesThePaymentPendingThenTerminalInAFilteredLinkReplaysItInTheBrowserAndItIsDeductedOnce()
			throws Exception {
		// given an INIT order of 25.00 on an account of 10.00
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
		String orderNo = payment.orderNo();

		// when the platform reports it paid
		CallbackResponse accepted = pipeline.callbacks().send(payment.callback());
		assertThat(accepted.status()).as("callback answer %s", accepted).isEqualTo(200);

		// then the consumer fails attempt 1 for the low balance and the payment waits in the ladder (first rung 30 s)
		// (a 503 while the handler's Streams group still settles is the API's "ask again")
		await().atMost(DEDUCTION_TIMEOUT)
			.pollInterval(Duration.ofMillis(500))
			.ignoreException(IllegalStateException.class)
			.until(() -> pendingOf(orderNo).size(), (n) -> n == 1);

		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			// when an admin opens a link to the console filtered on the order
			chromium.openConsole(dltHandler.baseUrl(), ConsoleApi.ADMIN, ConsoleApi.ADMIN_PASSWORD,
					"/?orderNo=" + orderNo);

			// then the link's filter is in the form and the pending view shows the payment while it waits: attempt 1
			// failed for the balance, the next one due; nothing of other orders
			assertThat(browser.findElement(By.cssSelector("#filter input[name=orderNo]")).getAttribute("value"))
				.isEqualTo(orderNo);
			By pendingRows = By.cssSelector("#pending-records tbody tr");
			await().atMost(PAGE_TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
				browser.findElement(By.id("pending-refresh")).click(); // as an operator would after a 503
				assertThat(browser.findElements(pendingRows)).singleElement().satisfies((row) -> {
					assertThat(row.findElement(By.cssSelector("td.order-no")).getText()).isEqualTo(orderNo);
					assertThat(row.findElement(By.cssSelector("td.attempt")).getText()).isEqualTo("1");
					assertThat(row.findElement(By.cssSelector("td.reason")).getText()).isEqualTo("INSUFFICIENT_BALANCE");
					assertThat(row.findElement(By.cssSelector("td.due-at")).getText()).isNotBlank();
				});
				assertThat(browser.findElement(By.id("pending-message")).getText()).contains("1 pending retry")
					.doesNotContain("INCOMPLETE");
			});
			chromium.screenshot(SCREENSHOTS.resolve("console-pending.png"));

			// when attempt 2 fails too, the payment leaves the ladder for the terminal records (the page is searched
			// again, as an operator would)
			By row = By.cssSelector("#records tr[data-event-id]");
			await().atMost(TO_TERMINAL).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
				browser.findElement(By.id("search")).click();
				assertThat(browser.findElements(row)).singleElement()
					.satisfies((terminal) -> assertThat(terminal.findElement(By.cssSelector("td.order-no")).getText())
						.isEqualTo(orderNo));
				assertThat(browser.findElements(pendingRows)).isEmpty();
			});
			Map<String, Object> terminal = onlyRecord(console.terminalRecords(orderNo));
			assertThat(terminal).containsEntry("status", "OPEN")
				.containsEntry("reason", "RETRIES_EXHAUSTED")
				.containsEntry("attempt", 2L);
			String eventId = (String) terminal.get("eventId");
			assertThat(ledger.orderStatus(orderNo)).contains("INIT");
			assertThat(ledger.flows(orderNo)).isEmpty();

			// and when the admin narrows the view to OPEN records, the link in the address bar says so
			browser.findElement(By.xpath("//form[@id='filter']//select[@name='status']/option[text()='OPEN']")).click();
			await().atMost(PAGE_TIMEOUT).untilAsserted(() -> assertThat(browser.getCurrentUrl())
				.contains("orderNo=" + orderNo)
				.contains("status=OPEN"));
			chromium.screenshot(SCREENSHOTS.resolve("console-terminal-filtered.png"));
			// back to any status (the replayed record stays in view), and the link says that too
			browser.findElement(By.xpath("//form[@id='filter']//select[@name='status']/option[text()='any']")).click();
			await().atMost(PAGE_TIMEOUT).untilAsserted(() -> assertThat(browser.getCurrentUrl())
				.contains("orderNo=" + orderNo)
				.doesNotContain("status="));

			// when the admin asks to replay it while the balance is still too low, the dry run's confirmation says
			// it would fail and why; the admin declines, and nothing is replayed
			String amount = payment.callback().amount().setScale(2).toPlainString();
			String declined = replayInTheBrowser(browser, eventId, orderNo, false);
			assertThat(declined).contains(orderNo + ": would fail: balance 10.00 < amount " + amount);
			assertThat(statusOf(browser, By.cssSelector("tr[data-event-id='" + eventId + "']"))).isEqualTo("OPEN");
			assertThat(ledger.flows(orderNo)).isEmpty();

			// when the account is topped up, the confirmation says the replay would succeed, and the admin accepts
			ledger.openAccount(payment.userId(), TOPPED_UP, payment.callback().currency());
			String confirmed = replayInTheBrowser(browser, eventId, orderNo, true);
			assertThat(confirmed).contains(orderNo + ": would succeed: deducts " + amount + " "
					+ payment.callback().currency() + " from balance 100.00");
		}
		String eventId = (String) onlyRecord(console.terminalRecords(orderNo)).get("eventId");

		// then exactly one deduction is booked and the order is paid
		BigDecimal expectedBalance = TOPPED_UP.subtract(payment.callback().amount());
		await().atMost(DEDUCTION_TIMEOUT).untilAsserted(() -> {
			assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID");
			assertThat(ledger.flows(payment.orderNo())).singleElement().satisfies(flow -> {
				assertThat(flow.type()).isEqualTo("PAY_DEDUCT");
				assertThat(flow.amount()).isEqualByComparingTo(payment.callback().amount().negate());
			});
			assertThat(ledger.balance(payment.userId())).hasValueSatisfying(
					balance -> assertThat(balance).isEqualByComparingTo(expectedBalance));
		});

		// when the record is replayed a second time (API)
		HttpResponse<String> again = console.replay(eventId);

		// then it is refused: this occurrence was replayed once already, by whichever instance; nothing more is
		// published and the ledger keeps its one deduction
		assertThat(again.statusCode()).as("second replay: %s", again.body()).isEqualTo(409);
		try (ReplayRecords replays = new ReplayRecords(pipeline.stack().kafka().bootstrapServers(),
				payment.orderNo())) {
			await().during(Duration.ofSeconds(3))
				.atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(replays.replays()).as("replays on pay.success: the browser's")
					.singleElement()
					.satisfies(record -> assertThat(TopicRecords.header(record, PayonceHeaders.EVENT_ID))
						.isEqualTo(eventId)));
		}
		await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(ledger.flows(payment.orderNo())).filteredOn(flow -> "PAY_DEDUCT".equals(flow.type())).hasSize(1);
			assertThat(ledger.flows(payment.orderNo())).hasSize(1);
			assertThat(ledger.balance(payment.userId())).hasValueSatisfying(
					balance -> assertThat(balance).isEqualByComparingTo(expectedBalance));
		});
		assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID");
		assertThat(onlyRecord(console.terminalRecords(payment.orderNo()))).containsEntry("status", "REPLAYED");
	}

	/**
	 * On the console opened as admin, finds the OPEN row of the event, clicks its Replay button and accepts (then
	 * returns once the page shows the row REPLAYED) or declines the confirmation the page asks for; returns the
	 * confirmation's text.
	 */
	private static String replayInTheBrowser(ChromeDriver browser, String eventId, String orderNo, boolean accept) {
		By row = By.cssSelector("tr[data-event-id='" + eventId + "']");
		await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
			assertThat(browser.findElement(By.id("message")).getText()).endsWith("record(s)");
			assertThat(statusOf(browser, row)).isEqualTo("OPEN");
		});
		WebElement replay = browser.findElement(row).findElement(By.cssSelector("button.replay"));
		assertThat(replay.isEnabled()).isTrue();
		replay.click();

		// the page first asks for a dry run, then window.confirm names the order
		Alert confirm = await().atMost(PAGE_TIMEOUT)
			.ignoreException(NoAlertPresentException.class)
			.until(() -> browser.switchTo().alert(), Objects::nonNull);
		String text = confirm.getText();
		assertThat(text).contains(orderNo).contains("pay.success").contains("If replayed now:");
		if (!accept) {
			confirm.dismiss();
			return text;
		}
		confirm.accept();

		await().atMost(PAGE_TIMEOUT)
			.ignoreExceptions()
			.untilAsserted(() -> assertThat(statusOf(browser, row)).isEqualTo("REPLAYED"));
		return text;
	}

	private static String statusOf(ChromeDriver browser, By row) {
		return browser.findElement(row).findElement(By.cssSelector("td.status")).getText();
	}

	/**
	 * The dlt-handler on a free port with a 30 s, 1 s ladder and its own audit trail topic, its dry run asking
	 * {@code reconciliation} (as its VIEWER) for the order's facts.
	 */
	private static ServiceProcess startDltHandler(LocalStack stack, ServiceProcess reconciliation) throws IOException {
		Path dir = Files.createDirectories(stack.dataDir().resolve("services"));
		Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment("dlt-handler"));
		// a first rung long enough to see the payment pending in the browser, then the last attempt at once
		env.put("PAYONCE_DLT_RETRY_TIERS", "30s,1s");
		env.put("PAYONCE_DLT_RETRY_MAX_RETRIES", "1");
		env.put("PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms");
		// a trail of its own: decisions and the rate limit of other tests' handlers must not apply here
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.console-browser.audit." + UUID.randomUUID());
		env.put("PAYONCE_DLT_CONSOLE_LEDGER_BASE_URL", reconciliation.baseUrl());
		env.put("PAYONCE_DLT_CONSOLE_LEDGER_USER", "viewer");
		env.put("PAYONCE_DLT_CONSOLE_LEDGER_PASSWORD", "viewer-local");
		ServiceProcess handler = ServiceProcess.launch("dlt-handler", Pipeline.execJar("dlt-handler"), ServiceProcess.freePort(),
				env, dir);
		try {
			return handler.awaitHealthy(Duration.ofMinutes(4));
		}
		catch (RuntimeException ex) {
			handler.stop();
			throw ex;
		}
	}

	/** Waits until the deduct consumer's group has committed past this record (it was handled). */
	private static void awaitConsumed(ConsumerRecord<String, byte[]> record) {
		TopicPartition partition = new TopicPartition(record.topic(), record.partition());
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
				pipeline.stack().kafka().bootstrapServers()))) {
			await().atMost(DEDUCTION_TIMEOUT).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
				OffsetAndMetadata committed = admin.listConsumerGroupOffsets(CONSUMER_GROUP)
					.partitionsToOffsetAndMetadata()
					.get(10, TimeUnit.SECONDS)
					.get(partition);
				assertThat(committed).as("committed offset of %s on %s", CONSUMER_GROUP, partition).isNotNull();
				assertThat(committed.offset()).isGreaterThan(record.offset());
			});
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> pendingOf(String orderNo) {
		return (List<Map<String, Object>>) console.pending(orderNo).get("pending");
	}

	private static Map<String, Object> onlyRecord(List<Map<String, Object>> records) {
		assertThat(records).as("terminal records of one order").hasSizeLessThanOrEqualTo(1);
		return records.isEmpty() ? null : records.get(0);
	}


}
