package io.payonce.e2e.console;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 20, the repair SOP's first step, in a real headless browser on the real pipeline (gateway, relay, consumer,
 * reconciliation, dlt-handler as their own processes on the local stack): an admin freezes a user's deductions on the
 * console's "Frozen accounts" page (the dlt-handler forwards it to the reconciliation as that admin); the user's next
 * payment is not deducted but waits in the retry ladder with reason {@code ACCOUNT_FROZEN} (the fault, proven before
 * the unfreeze: the order is still INIT, its balance untouched); the admin unfreezes it on the page, with a reason,
 * and the waiting payment is deducted exactly once on its next retry. The screenshot is the README's
 * ({@code docs/screenshots/frozen.png}). Skipped (never passed) without Chromium.
 */
class FrozenAccountsPageInBrowserIT {

	private static final BigDecimal BALANCE = new BigDecimal("100.00");

	private static final Duration STEP_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

	private static final Path SCREENSHOT = Pipeline.repositoryRoot().resolve("docs/screenshots/frozen.png");

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
		// after the consumer, which owns and migrates the trade schema; the freezes are the reconciliation's. Its own
		// group and no platform-side jobs: this test asks it only to freeze and unfreeze
		ServiceProcess reconciliation = pipeline.launch("reconciliation",
				Map.of("PAYONCE_RECONCILIATION_STREAMS_APPLICATION_ID", "e2e-frozen-page-" + UUID.randomUUID(),
						"PAYONCE_RECONCILIATION_ACTIVE_QUERY_ENABLED", "false",
						"PAYONCE_RECONCILIATION_STATEMENT_FETCH_ENABLED", "false"));
		// rungs of 15 s: the frozen payment waits in the ladder (not terminal) while the page is used; a trail of
		// its own (no other test's audit entries)
		dltHandler = pipeline.launch("dlt-handler",
				Map.of("PAYONCE_DLT_RETRY_TIERS", "15s", "PAYONCE_DLT_RETRY_MAX_RETRIES", "8",
						"PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms", "PAYONCE_DLT_CONSOLE_AUDIT_TOPIC",
						"e2e.frozen-page.audit." + UUID.randomUUID(), "PAYONCE_DLT_CONSOLE_LEDGER_BASE_URL",
						reconciliation.baseUrl()));
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
	void anAdminFreezesAUsersDeductionsOnThePageAndTheWaitingPaymentIsDeductedOnceAfterTheUnfreeze() {
		// given a user with an INIT order, paid at the platform, and enough money
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), BALANCE);
		String userId = Long.toString(payment.userId());
		By userRow = By.xpath("//table[@id='frozen']/tbody/tr[td[1][text()='" + userId + "']]");
		ConsoleApi console = new ConsoleApi(dltHandler.baseUrl());

		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			chromium.openConsole(dltHandler.baseUrl(), ConsoleApi.ADMIN, ConsoleApi.ADMIN_PASSWORD, "/frozen.html");
			await().atMost(PAGE_TIMEOUT)
				.ignoreExceptions()
				.untilAsserted(() -> assertThat(browser.findElement(By.cssSelector("#frozen tbody")).getText())
					.isNotEmpty());

			// when an admin freezes the user's deductions on the page, with a reason, and confirms
			browser.findElement(By.id("freeze-user")).sendKeys(userId);
			browser.findElement(By.id("freeze-reason")).sendKeys("INC-" + userId + ": double deductions (browser)");
			browser.findElement(By.id("freeze-submit")).click();
			Alert confirm = await().atMost(PAGE_TIMEOUT)
				.ignoreException(NoAlertPresentException.class)
				.until(() -> browser.switchTo().alert(), Objects::nonNull);
			assertThat(confirm.getText()).contains("Freeze the deductions of user " + userId);
			confirm.accept();

			// then the page lists the account as frozen, by whom and why
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(By.id("frozen-message")).getText()).startsWith("FROZEN");
				List<WebElement> cells = browser.findElement(userRow).findElements(By.tagName("td"));
				assertThat(cells.get(1).getText()).isEqualTo(ConsoleApi.ADMIN);
				assertThat(cells.get(3).getText()).isEqualTo("INC-" + userId + ": double deductions (browser)");
			});
			browser.manage().window().setSize(new Dimension(1400, 700));
			chromium.screenshot(SCREENSHOT);

			// when the platform's callback of the user's payment is accepted
			assertThat(pipeline.callbacks().send(payment.callback()).body()).contains("ACCEPTED");

			// then the payment is not deducted: it waits in the retry ladder, frozen (the fault, proven)
			await().atMost(STEP_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				List<Map<String, Object>> pending = listOf(console.pending(payment.orderNo()).get("pending"));
				assertThat(pending).singleElement()
					.satisfies((retry) -> assertThat(retry).containsEntry("reason", "ACCOUNT_FROZEN"));
			});
			assertThat(ledger.orderStatus(payment.orderNo())).contains("INIT");
			assertThat(ledger.flows(payment.orderNo())).isEmpty();
			assertThat(ledger.balance(payment.userId())).hasValueSatisfying(
					(balance) -> assertThat(balance).isEqualByComparingTo(BALANCE));

			// when the admin unfreezes the user on the page, with the reason the page asks for
			browser.findElement(userRow).findElement(By.tagName("button")).click();
			Alert prompt = await().atMost(PAGE_TIMEOUT)
				.ignoreException(NoAlertPresentException.class)
				.until(() -> browser.switchTo().alert(), Objects::nonNull);
			assertThat(prompt.getText()).contains("Unfreeze user " + userId);
			prompt.sendKeys("INC-" + userId + " repaired (browser)");
			prompt.accept();

			// then the account leaves the list
			await().atMost(PAGE_TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				assertThat(browser.findElement(By.id("frozen-message")).getText()).startsWith("UNFROZEN");
				assertThat(browser.findElements(userRow)).isEmpty();
			});
		}

		// and the waiting payment is deducted on its next retry, exactly once
		await().atMost(STEP_TIMEOUT)
			.pollInterval(Duration.ofMillis(500))
			.untilAsserted(() -> assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID"));
		assertThat(ledger.flows(payment.orderNo())).singleElement()
			.satisfies((flow) -> assertThat(flow.amount().abs()).isEqualByComparingTo(payment.callback().amount()));
		assertThat(ledger.balance(payment.userId())).hasValueSatisfying(
				(balance) -> assertThat(balance).isEqualByComparingTo(payment.balanceAfterOneDeduction()));
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> listOf(Object value) {
		return (List<Map<String, Object>>) value;
	}

}
