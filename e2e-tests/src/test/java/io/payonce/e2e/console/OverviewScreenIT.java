package io.payonce.e2e.console;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
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
 * The console's overview screen (issue 17) on the real pipeline: the relay, the consumer and the gateway run as their
 * jars, and the dlt-handler's console scrapes their {@code /actuator/prometheus}, and its own, every second. The
 * reconciliation is not started: its target is a port where nothing listens, so the screen must name it as
 * unreachable and draw nothing for it. A payment and its repeated callback go through, and the overview shows them
 * as the services counted them: callbacks, a deduction, a duplicate absorbed at the gateway.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OverviewScreenIT {

	private static final Duration SAMPLED_EVERY = Duration.ofSeconds(1);

	private static final Duration TIMEOUT = Duration.ofSeconds(90);

	private static final List<String> CHARTS = List.of("callbacks", "deductions", "duplicates", "retry-backlog",
			"terminal-depth", "terminal-age", "relay-lag", "duplicate-payments", "open-findings");

	/** Shown in the README; written by this test from the running screen. */
	private static final Path SCREENSHOT = Pipeline.repositoryRoot().resolve("docs/screenshots/overview.png");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static Pipeline pipeline;

	private static ServiceProcess console;

	private static String reconciliationTarget;

	@BeforeAll
	static void startPipelineAndConsole() throws IOException {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer", "producer-gateway");
		int managementPort = ServiceProcess.freePort();
		// a free port outside the ephemeral range, which nothing binds: no reconciliation listens there
		reconciliationTarget = "http://127.0.0.1:" + ServiceProcess.freePort() + "/actuator/prometheus";
		Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment("dlt-handler"));
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.overview.audit." + UUID.randomUUID());
		env.put("PAYONCE_DLT_OVERVIEW_INTERVAL", SAMPLED_EVERY.toMillis() + "ms");
		env.put("PAYONCE_DLT_OVERVIEW_TARGETS_GATEWAY", prometheus(pipeline.service("producer-gateway")));
		env.put("PAYONCE_DLT_OVERVIEW_TARGETS_RELAY", prometheus(pipeline.service("outbox-relay")));
		env.put("PAYONCE_DLT_OVERVIEW_TARGETS_CONSUMER", prometheus(pipeline.service("deduct-consumer")));
		env.put("PAYONCE_DLT_OVERVIEW_TARGETS_HANDLER", "http://127.0.0.1:" + managementPort + "/actuator/prometheus");
		env.put("PAYONCE_DLT_OVERVIEW_TARGETS_RECONCILIATION", reconciliationTarget);
		console = ServiceProcess.launch("dlt-handler", Pipeline.execJar("dlt-handler"), ServiceProcess.freePort(),
				managementPort, env, Files.createDirectories(stack.dataDir().resolve("services")),
				ServiceProcess.defaultJvmOptions());
		console.awaitHealthy(Duration.ofMinutes(4));
	}

	@AfterAll
	static void stop() {
		try {
			if (console != null) {
				console.stop();
			}
		}
		finally {
			if (pipeline != null) {
				pipeline.close();
			}
		}
	}

	private static String prometheus(ServiceProcess service) {
		return service.managementUrl() + "/actuator/prometheus";
	}

	@Test
	@Order(1)
	void theOverviewShowsWhatTheRunningServicesCountedAndNamesTheOneThatIsNotRunning() throws Exception {
		// given a payment deducted and its callback repeated
		SeededPayment payment = PaymentFixture.seedPayableOrder(pipeline.ledger(), PaymentFixture.aCallback(),
				new BigDecimal("100.00"));
		assertThat(pipeline.callbacks().send(payment.callback()).body()).contains("ACCEPTED");
		assertThat(pipeline.callbacks().send(payment.callback()).body()).contains("DUPLICATE");
		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(pipeline.ledger().orderStatus(payment.orderNo())).contains("PAID"));

		// then the overview shows a callback rate, a deduction and the gateway's duplicate, each from its service,
		// and every gauge of a running service has a value read from it (the ladder empty, nothing terminal)
		await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
			JsonNode overview = overview();
			assertThat(overview.get("sampledEverySeconds").asLong()).isEqualTo(1);
			assertThat(max(line(overview, "callbacks", "callbacks"))).isGreaterThan(0);
			assertThat(max(line(overview, "deductions", "deducted"))).isGreaterThan(0);
			assertThat(max(line(overview, "duplicates", "gateway"))).isGreaterThan(0);
			assertThat(last(line(overview, "retry-backlog", "tier 1"))).isEqualTo(0.0);
			assertThat(last(line(overview, "terminal-depth", "open"))).isNotNull();
			assertThat(last(line(overview, "terminal-age", "oldest"))).isNotNull();
			assertThat(last(line(overview, "relay-lag", "p99"))).isNotNull();
			assertThat(last(line(overview, "duplicate-payments", "open"))).isNotNull();
		});
		JsonNode overview = overview();
		for (String service : List.of("producer-gateway", "outbox-relay", "deduct-consumer", "dlt-handler")) {
			assertThat(service(overview, service).get("up").asBoolean()).as(service).isTrue();
		}

		// when a payment finds too little money, it waits on the first rung of the ladder (local profile: 5 s)
		SeededPayment poor = PaymentFixture.seedPayableOrder(pipeline.ledger(), PaymentFixture.aCallback(),
				BigDecimal.ZERO);
		assertThat(pipeline.callbacks().send(poor.callback()).body()).contains("ACCEPTED");

		// then the retry backlog shows it on tier 1, from the handler's own gauge
		await().atMost(TIMEOUT)
			.pollInterval(Duration.ofMillis(500))
			.untilAsserted(() -> assertThat(max(line(overview(), "retry-backlog", "tier 1"))).isEqualTo(1.0));
		// (topped up, a later retry deducts it: nothing of this test is left in the ladder or the terminal topic)
		pipeline.ledger().openAccount(poor.callback().userId(), new BigDecimal("1000.00"), poor.callback().currency());
		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(pipeline.ledger().orderStatus(poor.orderNo())).contains("PAID"));

		// and the reconciliation, not running, is named with its error; its chart has no value, not a zero
		JsonNode reconciliation = service(overview, "reconciliation");
		assertThat(reconciliation.get("up").asBoolean()).isFalse();
		assertThat(reconciliation.at("/targets/0/url").asString()).isEqualTo(reconciliationTarget);
		assertThat(reconciliation.at("/targets/0/error").asString()).isEqualTo("connection refused");
		JsonNode findings = line(overview, "open-findings", "open");
		assertThat(findings.get("noData").asString()).isEqualTo("reconciliation unreachable");
		assertThat(values(findings)).containsOnlyNulls();
	}

	@Test
	@Order(2) // after the first, so that the screenshot shows its payments
	void theScreenDrawsEveryChartAndNamesTheServiceItCannotRead() {
		assumeTrue(HeadlessChromium.missing().isEmpty(), () -> HeadlessChromium.missing().orElse(""));
		// given a payment, so that the charts have something to draw
		SeededPayment payment = PaymentFixture.seedPayableOrder(pipeline.ledger(), PaymentFixture.aCallback(),
				new BigDecimal("50.00"));
		assertThat(pipeline.callbacks().send(payment.callback()).body()).contains("ACCEPTED");

		try (HeadlessChromium chromium = HeadlessChromium.start()) {
			ChromeDriver browser = chromium.driver();
			browser.manage().window().setSize(new Dimension(1560, 1560));
			// when an operator (viewer) opens the overview
			chromium.openConsole(console.baseUrl(), "viewer", "viewer-local", "/overview.html");

			// then every chart is drawn (a uPlot canvas each) from a few samples at least
			await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
				List<String> drawn = new ArrayList<>();
				for (WebElement chart : browser.findElements(By.cssSelector("#charts .chart"))) {
					assertThat(chart.findElements(By.cssSelector("canvas"))).as(chart.getAttribute("data-chart"))
						.isNotEmpty();
					assertThat(Integer.parseInt(chart.getAttribute("data-points"))).isGreaterThanOrEqualTo(10);
					drawn.add(chart.getAttribute("data-chart"));
				}
				assertThat(drawn).containsExactlyElementsOf(CHARTS);
			});

			// and the reconciliation is named as unreachable with its error, the running services as up
			WebElement reconciliation = browser
				.findElement(By.cssSelector("#service-list li[data-service='reconciliation']"));
			assertThat(reconciliation.getAttribute("class")).isEqualTo("down");
			assertThat(reconciliation.getText()).contains("reconciliation unreachable")
				.contains(reconciliationTarget + ": connection refused");
			for (String service : List.of("producer-gateway", "outbox-relay", "deduct-consumer", "dlt-handler")) {
				assertThat(browser.findElement(By.cssSelector("#service-list li[data-service='" + service + "']"))
					.getAttribute("class")).as(service).isEqualTo("up");
			}
			// and its chart says why it is empty
			assertThat(browser.findElement(By.cssSelector(".chart[data-chart='open-findings'] .no-data")).getText())
				.isEqualTo("open: no data (reconciliation unreachable)");
			assertThat(browser.findElement(By.cssSelector(".chart[data-chart='callbacks'] .no-data")).getText())
				.isEmpty();
			chromium.screenshot(SCREENSHOT);
		}
		assertThat(SCREENSHOT).isNotEmptyFile();
	}

	private static JsonNode overview() throws IOException, InterruptedException {
		String basic = Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(console.baseUrl() + "/api/v1/overview"))
				.header("Authorization", "Basic " + basic)
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	private static JsonNode line(JsonNode overview, String chartId, String label) {
		for (JsonNode chart : overview.get("charts")) {
			if (chart.get("id").asString().equals(chartId)) {
				for (JsonNode line : chart.get("lines")) {
					if (line.get("label").asString().equals(label)) {
						return line;
					}
				}
			}
		}
		throw new AssertionError("no line " + label + " in chart " + chartId + ": " + overview);
	}

	private static JsonNode service(JsonNode overview, String name) {
		for (JsonNode service : overview.get("services")) {
			if (service.get("name").asString().equals(name)) {
				return service;
			}
		}
		throw new AssertionError("no service " + name + ": " + overview.get("services"));
	}

	private static List<Double> values(JsonNode line) {
		List<Double> values = new ArrayList<>();
		line.get("values").forEach((value) -> values.add(value.isNull() ? null : value.asDouble()));
		return values;
	}

	private static double max(JsonNode line) {
		return values(line).stream().filter((v) -> v != null).mapToDouble(Double::doubleValue).max().orElse(-1);
	}

	private static Double last(JsonNode line) {
		List<Double> values = values(line);
		return values.isEmpty() ? null : values.get(values.size() - 1);
	}

}
