package io.payonce.e2e.console;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 17: the timeline page in a real headless browser, for a real payment through the pipeline (gateway, relay,
 * consumer, dlt-handler as their own processes on the local stack): it fails for a low balance and waits in the
 * retry ladder, where the console lists it with a link to its timeline, which says where it is; after a top-up it is
 * released and deducted, and the timeline, looked up from the console's "Order timeline" search, lists those steps
 * in order with the service that did each and the trace id, and says where the payment is now.
 * The screenshot is the README's ({@code docs/screenshots/timeline.png}). Skipped (never passed) without Chromium.
 */
class TimelinePageInBrowserIT {

	/** The local profile's read-only ops user: the timeline needs no more. */
	private static final String VIEWER = "viewer";

	private static final String VIEWER_PASSWORD = "viewer-local";

	private static final BigDecimal TOO_POOR = new BigDecimal("10.00");

	private static final BigDecimal TOPPED_UP = new BigDecimal("100.00");

	private static final Duration STEP_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

	private static final Path SCREENSHOT = Pipeline.repositoryRoot().resolve("docs/screenshots/timeline.png");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static Pipeline pipeline;

	private static ServiceProcess dltHandler;

	private static TradeLedger ledger;

	@BeforeAll
	static void startPipeline() {
		if (HeadlessChromium.missing().isPresent()) {
			return;
		}
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		// a rung long enough to follow the waiting payment's link in the browser; a trail of its own (no other test's
		// rate limit)
		dltHandler = pipeline.launch("dlt-handler", Map.of("PAYONCE_DLT_RETRY_TIERS", "40s",
				"PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms", "PAYONCE_DLT_CONSOLE_AUDIT_TOPIC",
				"e2e.timeline-browser.audit." + UUID.randomUUID()));
	}

	@BeforeEach
	void needsTheBrowser() {
		assumeTrue(HeadlessChromium.missing().isEmpty(), () -> HeadlessChromium.missing().orElse(""));
	}

	@AfterAll
	static void stopPipeline() {
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void theTimelinePageShowsAPaymentsStepsInOrderWithTheirServicesTraceAndWhereItIsNow() throws Exception {
		// given an INIT order of 25.00 on an account of 10.00, paid at the platform
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
		String orderNo = payment.orderNo();
		CallbackResponse accepted = pipeline.callbacks().send(payment.callback());
		assertThat(accepted.status()).as("callback answer %s", accepted).isEqualTo(200);

		// when the first delivery fails for the balance and the ladder holds it (its timeline says so)
		await().atMost(STEP_TIMEOUT).pollInterval(Duration.ofMillis(500)).ignoreExceptions().untilAsserted(
				() -> assertThat(steps(timeline(orderNo))).contains("RETRY_HELD dlt-handler HELD"));

		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			// and a viewer opens the console on the order, where it waits among the pending retries, and follows the
			// order's link
			chromium.openConsole(dltHandler.baseUrl(), VIEWER, VIEWER_PASSWORD,
					"/?orderNo=" + URLEncoder.encode(orderNo, StandardCharsets.UTF_8));
			// (each refresh re-renders the list: a link found before a refresh's answer goes stale, so finding and
			// following it is one step, repeated until it is the order's own link that was followed)
			By pendingLink = By.cssSelector("#pending-records td.order-no a");
			await().atMost(PAGE_TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
				if (!browser.getCurrentUrl().contains("timeline.html")) {
					browser.findElement(By.id("pending-refresh")).click(); // as an operator would after a 503
					List<WebElement> links = browser.findElements(pendingLink);
					assertThat(links).extracting(WebElement::getText).contains(orderNo);
					links.stream().filter((link) -> orderNo.equals(link.getText())).findFirst().orElseThrow().click();
				}
				assertThat(browser.getCurrentUrl()).contains("timeline.html");
			});

			// then the timeline page shows where the payment is: in the ladder's first tier, and why
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.getCurrentUrl()).contains("timeline.html?orderNo=" + orderNo);
				assertThat(browser.findElement(By.id("timeline-now")).getText())
					.startsWith("Now: in retry tier 1 (INSUFFICIENT_BALANCE) since ");
				assertThat(rows(browser)).containsSubsequence("RELAYED outbox-relay PUBLISHED",
						"RETRY_HELD dlt-handler HELD");
			});

			// when the user tops up and the ladder's next attempt deducts
			ledger.openAccount(payment.userId(), TOPPED_UP, payment.callback().currency());
			await().atMost(STEP_TIMEOUT).pollInterval(Duration.ofMillis(500)).ignoreExceptions().untilAsserted(
					() -> assertThat(timeline(orderNo).get("now").get("state").asString()).isEqualTo("DEDUCTED"));
			assertThat(ledger.flows(orderNo)).hasSize(1);

			// and the viewer goes back to the console and looks the order up from its "Order timeline" link
			browser.findElement(By.cssSelector("nav.top a")).click();
			await().atMost(PAGE_TIMEOUT).ignoreExceptions()
				.untilAsserted(() -> assertThat(browser.findElement(By.id("timeline-link")).isDisplayed()).isTrue());
			browser.findElement(By.id("timeline-link")).click();
			WebElement search = await().atMost(PAGE_TIMEOUT)
				.ignoreExceptions()
				.until(() -> browser.findElement(By.id("timeline-order")), WebElement::isDisplayed);
			search.sendKeys(orderNo);
			browser.findElement(By.id("timeline-show")).click();

			// then the page shows the order's steps in order, each with the service that did it and its decision
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(By.id("timeline-order-no")).getText()).isEqualTo(orderNo);
				assertThat(rows(browser)).containsSubsequence("RELAYED outbox-relay PUBLISHED",
						"RETRY_HELD dlt-handler HELD", "RETRY_RELEASED dlt-handler RELEASED",
						"DEDUCTED deduct-consumer DEDUCTED");
			});
			assertThat(browser.getCurrentUrl()).contains("timeline.html?orderNo=" + orderNo);
			WebElement held = browser.findElement(By.cssSelector("#timeline-steps tr.RETRY_HELD"));
			assertThat(held.findElement(By.cssSelector("td.detail")).getText()).contains("reason=INSUFFICIENT_BALANCE")
				.contains("tier=1");
			WebElement deducted = browser.findElement(By.cssSelector("#timeline-steps tr.DEDUCTED"));
			assertThat(deducted.findElement(By.cssSelector("td.detail")).getText())
				.contains("amount=" + payment.callback().amount().setScale(2).toPlainString());
			// and the one trace from the callback: the relayed record's trace id is the page's
			String traceId = browser.findElement(By.cssSelector("#timeline-steps tr.RELAYED td.trace-id")).getText();
			assertThat(traceId).matches("[0-9a-f]{32}");
			assertThat(browser.findElement(By.id("timeline-traces")).getText()).contains(traceId);
			// and where the payment is now
			assertThat(browser.findElement(By.id("timeline-now")).getText()).startsWith("Now: deducted since ");
			// the whole page in the README's picture
			browser.manage().window().setSize(new Dimension(1500, 1100));
			chromium.screenshot(SCREENSHOT);

			// when the viewer searches for an order nobody reported, the page says so and shows no steps
			search = browser.findElement(By.id("timeline-order"));
			search.clear();
			search.sendKeys("ORD-nobody-" + UUID.randomUUID());
			browser.findElement(By.id("timeline-show")).click();
			await().atMost(PAGE_TIMEOUT).untilAsserted(() -> {
				assertThat(browser.findElement(By.id("timeline-message")).getText()).startsWith("404 ");
				assertThat(browser.findElement(By.id("timeline")).isDisplayed()).isFalse();
			});
		}
	}

	/** "STEP service DECISION" of each row the page shows, in the page's order. */
	private static List<String> rows(ChromeDriver browser) {
		List<String> rows = new ArrayList<>();
		for (WebElement row : browser.findElements(By.cssSelector("#timeline-steps tbody tr"))) {
			rows.add(row.findElement(By.cssSelector("td.kind")).getText() + " "
					+ row.findElement(By.cssSelector("td.service")).getText() + " "
					+ row.findElement(By.cssSelector("td.decision")).getText());
		}
		return rows;
	}

	private static List<String> steps(JsonNode timeline) {
		List<String> steps = new ArrayList<>();
		for (JsonNode step : timeline.get("steps")) {
			steps.add(step.get("step").asString() + " " + step.get("service").asString() + " "
					+ step.get("decision").asString());
		}
		return steps;
	}

	private static JsonNode timeline(String orderNo) throws IOException, InterruptedException {
		String viewer = "Basic " + Base64.getEncoder()
			.encodeToString((VIEWER + ":" + VIEWER_PASSWORD).getBytes(StandardCharsets.UTF_8));
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(dltHandler.baseUrl() + "/api/v1/timeline/" + orderNo))
				.header("Authorization", viewer)
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("timeline: %s", response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

}
