package io.payonce.e2e.console;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.SimulatorProcess;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.client.SimulatorClient;
import io.payonce.simulator.payment.Fault;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The console's statements page (issue 20) on the real pipeline: the platform simulator charges four orders of a day
 * of their own (one callback lost, one order charged twice), the gateway, relay and consumer book what reaches them,
 * and an operator uploads the platform's statement of that day, tampered (an amount raised by 0.01, a forged row, a
 * malformed line), on the dlt-handler's page, which forwards it to the reconciliation. The page shows the import in
 * the list with its counts and each finding with its order linked to the timeline; the same file again changes
 * nothing; a VIEWER's upload is refused.
 */
class StatementsPageInBrowserIT {

	private static final Duration TIMEOUT = Duration.ofMinutes(2);

	/** Shown in the README; written by this test from the running page. */
	private static final Path SCREENSHOT = Pipeline.repositoryRoot().resolve("docs/screenshots/statements.png");

	private static final String RUN = Long.toString(System.currentTimeMillis() % 100_000_000, 36);

	/** A day of its own (the gateway's schema is shared by the tests): its statement holds this test's payments. */
	private static final LocalDate DAY = LocalDate.of(2025, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(365));

	private static final long FIRST_USER = 800_000_000L + ThreadLocalRandom.current().nextInt(90_000_000);

	private static Pipeline pipeline;

	private static SimulatorProcess simulator;

	private static ServiceProcess console;

	@BeforeAll
	static void start() throws Exception {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer");
		int lookupPort = ServiceProcess.freePort();
		ServiceProcess gateway = pipeline.launch("producer-gateway",
				Map.of(LocalStack.GATEWAY_LOOKUP_PORT, Integer.toString(lookupPort)));
		simulator = SimulatorProcess.start(stack, gateway.baseUrl(), Map.of());
		Map<String, String> reconciliation = new LinkedHashMap<>();
		reconciliation.put("PAYONCE_RECONCILIATION_PLATFORM_BASE_URL", simulator.process().baseUrl());
		reconciliation.put("PAYONCE_RECONCILIATION_GATEWAY_BASE_URL", "http://127.0.0.1:" + lookupPort);
		// the statement is what finds the lost callback here, not the query; the schedule is the operator's upload
		reconciliation.put("PAYONCE_RECONCILIATION_ACTIVE_QUERY_ENABLED", "false");
		reconciliation.put("PAYONCE_RECONCILIATION_STATEMENT_FETCH_ENABLED", "false");
		reconciliation.put("PAYONCE_RECONCILIATION_STATEMENT_REPORT_DIR",
				Files.createTempDirectory("payonce-statements").toString());
		ServiceProcess reconciler = pipeline.launch("reconciliation", reconciliation);
		console = pipeline.launch("dlt-handler",
				Map.of("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.statements.audit." + UUID.randomUUID(),
						"PAYONCE_DLT_CONSOLE_STATEMENTS_BASE_URL", reconciler.baseUrl()));
	}

	@AfterAll
	static void stop() {
		try {
			if (simulator != null) {
				simulator.close();
			}
		}
		finally {
			if (pipeline != null) {
				pipeline.close();
			}
		}
	}

	@Test
	void operatorUploadsATamperedStatementAndSeesEachFindingLinkedToItsOrder() throws Exception {
		assumeTrue(HeadlessChromium.missing().isEmpty(), () -> HeadlessChromium.missing().orElse(""));
		// given four orders paid at the platform: one plain, one whose callback is lost, one charged twice, one plain
		SimulatorClient platform = simulator.client();
		List<String> orders = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			orders.add("ST-" + RUN + "-" + i);
			pipeline.ledger().openAccount(FIRST_USER + i, new BigDecimal("1000.00"), "CNY");
			pipeline.ledger().placeOrder(orders.get(i), FIRST_USER + i, amount(i), "CNY");
		}
		List<Set<Fault>> faults = List.of(Set.of(), Set.of(Fault.LOSE_CALLBACK), Set.of(Fault.CHARGE_TWICE), Set.of());
		for (int i = 0; i < 4; i++) {
			platform.charge(new ChargeSpec(orders.get(i), FIRST_USER + i, amount(i), "CNY", paidAt(i), faults.get(i)));
		}
		await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).until(() -> platform.summary().pendingCallbacks() == 0);
		await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
			for (int i : new int[] { 0, 2, 3 }) {
				assertThat(pipeline.ledger().orderStatus(orders.get(i))).as(orders.get(i)).contains("PAID");
			}
		});
		// (the faults happened: the lost callback's order is unpaid, the double charge is two payments)
		assertThat(pipeline.ledger().orderStatus(orders.get(1))).contains("INIT");
		assertThat(platform.paymentsOf(orders.get(2))).hasSize(2);
		String mismatchedPayNo = platform.paymentsOf(orders.get(3)).get(0).payNo();

		// and the platform's statement of the day, tampered: order 3's amount + 0.01, a malformed line, a forged row
		String statement = get(simulator.process().baseUrl() + "/api/v1/statements/" + DAY);
		List<String> lines = new ArrayList<>(List.of(statement.split("\n")));
		int summary = lines.indexOf("currency,count,amount,fee");
		for (int n = 1; n < summary; n++) {
			String[] columns = lines.get(n).split(",");
			if (columns[0].equals(mismatchedPayNo)) {
				columns[3] = new BigDecimal(columns[3]).add(new BigDecimal("0.01")).toPlainString();
				lines.set(n, String.join(",", columns));
			}
		}
		String forgedOrder = "ST-" + RUN + "-FORGED";
		lines.add(summary, "PN-FORGED-" + RUN + "," + forgedOrder + ",42,99.00,CNY,SUCCESS," + DAY + "T23:59:59Z,0.59");
		lines.add(summary, "not,a,payment");
		Path file = Files.createTempDirectory("payonce-statement-upload").resolve("statement-" + DAY + ".csv");
		Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);

		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			browser.manage().window().setSize(new Dimension(1560, 1100));
			// when a VIEWER tries to upload it, the page says it was refused
			chromium.openConsole(console.baseUrl(), "viewer", "viewer-local", "/statements.html");
			upload(browser, file);
			await().atMost(TIMEOUT)
				.untilAsserted(() -> assertThat(text(browser, "statement-message")).startsWith("Import refused: 403"));
		}
		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			browser.manage().window().setSize(new Dimension(1560, 1100));
			// when an ADMIN uploads it on the console's statements page (reached from the console's front page)
			chromium.openConsole(console.baseUrl(), "admin", "admin-local", "/");
			browser.findElement(By.id("statements-link")).click();
			await().atMost(TIMEOUT).until(() -> browser.getCurrentUrl().endsWith("/statements.html"));
			upload(browser, file);

			// then the import is answered, listed with its counts, and its findings are shown
			await().atMost(TIMEOUT)
				.untilAsserted(() -> assertThat(text(browser, "statement-message")).startsWith("IMPORTED · " + DAY));
			WebElement imported = await().atMost(TIMEOUT).ignoreExceptions().until(() -> browser
				.findElement(By.xpath("//table[@id='statement-imports']/tbody/tr[td[@class='day' and text()='" + DAY
						+ "']]")), (row) -> row != null);
			assertThat(imported.findElement(By.cssSelector("td.status")).getText()).isEqualTo("DONE");
			assertThat(imported.findElement(By.cssSelector("td.line-errors")).getText()).isNotEqualTo("0");
			assertThat(imported.findElement(By.cssSelector("td.MISSING_CALLBACK")).getText()).isEqualTo("2");
			assertThat(imported.findElement(By.cssSelector("td.AMOUNT_MISMATCH")).getText()).isEqualTo("1");
			assertThat(imported.findElement(By.cssSelector("td.DUPLICATE_PAYMENT")).getText()).isEqualTo("1");
			assertThat(imported.findElement(By.cssSelector("td.UNKNOWN_PAYMENT")).getText()).isEqualTo("0");
			assertThat(imported.findElement(By.cssSelector("td.balanced")).getText()).isEqualTo("yes");
			assertThat(imported.findElements(By.cssSelector("td.report a"))).extracting((a) -> a.getAttribute("href"))
				.allMatch((href) -> href.contains("/api/v1/statements/reports/statement-" + DAY + "-"));

			Map<String, List<String>> findings = await().atMost(TIMEOUT).ignoreExceptions().until(() -> findings(browser),
					(shown) -> shown.size() >= 4);
			assertThat(findings.get(orders.get(1))).containsExactly("MISSING_CALLBACK", "INTAKE_ACCEPTED");
			assertThat(findings.get(forgedOrder)).containsExactly("MISSING_CALLBACK", "NOT_CONFIRMED");
			assertThat(findings.get(orders.get(3))).containsExactly("AMOUNT_MISMATCH", "none");
			assertThat(findings.get(orders.get(2))).startsWith("DUPLICATE_PAYMENT");
			WebElement link = browser.findElement(By.xpath(
					"//table[@id='statement-findings-table']//td[@class='order-no']/a[text()='" + orders.get(1) + "']"));
			assertThat(link.getAttribute("href")).endsWith("timeline.html?orderNo=" + orders.get(1));
			assertThat(browser.findElements(By.cssSelector("#statement-errors li"))).extracting(WebElement::getText)
				.anyMatch((error) -> error.startsWith("line " + (summary + 1)));
			chromium.screenshot(SCREENSHOT);

			// and the lost payment was booked through the intake, once
			await().atMost(TIMEOUT).untilAsserted(
					() -> assertThat(pipeline.ledger().orderStatus(orders.get(1))).contains("PAID"));
			assertThat(pipeline.ledger().paymentCount(orders.get(1))).isEqualTo(1);

			// when the same file is imported again (it is still chosen in the form), nothing changes
			browser.findElement(By.id("statement-upload-button")).click();
			await().atMost(TIMEOUT).untilAsserted(
					() -> assertThat(text(browser, "statement-message")).startsWith("ALREADY_IMPORTED · " + DAY));
			assertThat(pipeline.ledger().paymentCount(orders.get(1))).isEqualTo(1);
		}
	}

	private static void upload(ChromeDriver browser, Path file) {
		await().atMost(TIMEOUT).ignoreExceptions().until(() -> browser.findElement(By.id("statement-file")).isDisplayed());
		browser.findElement(By.id("statement-file")).sendKeys(file.toString());
		// the day comes from the file's name (statement-<day>.csv)
		await().atMost(TIMEOUT)
			.until(() -> browser.findElement(By.id("statement-day")).getDomProperty("value").equals(DAY.toString()));
		browser.findElement(By.id("statement-upload-button")).click();
	}

	/** orderNo → kind and repair of each finding on the page. */
	private static Map<String, List<String>> findings(ChromeDriver browser) {
		Map<String, List<String>> shown = new LinkedHashMap<>();
		for (WebElement row : browser.findElements(By.cssSelector("#statement-findings-table tbody tr"))) {
			shown.put(row.findElement(By.cssSelector("td.order-no")).getText(),
					List.of(row.findElement(By.cssSelector("td.kind")).getText(),
							row.findElement(By.cssSelector("td.repair")).getText()));
		}
		return shown;
	}

	private static String text(ChromeDriver browser, String id) {
		return browser.findElement(By.id(id)).getText();
	}

	private static BigDecimal amount(int n) {
		return new BigDecimal("20.00").add(BigDecimal.valueOf(n * 111L, 2));
	}

	/** Early in the day, a minute apart, so a second charge stays on it. */
	private static Instant paidAt(int n) {
		return DAY.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(3600 + 60L * n);
	}

	private static String get(String url) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(url).isEqualTo(200);
		return response.body();
	}

}
