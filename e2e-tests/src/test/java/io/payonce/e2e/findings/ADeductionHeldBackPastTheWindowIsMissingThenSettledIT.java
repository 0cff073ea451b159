package io.payonce.e2e.findings;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17, findings with a lifecycle, through the whole pipeline (gateway, relay, consumer, reconciliation as their
 * exec jars on the local stack): a payment whose deduction is held back past reconciliation's window (the deduct
 * consumer stopped, as in an outage that stops consumption) is reported MISSING, OPEN; once the consumer is back
 * and deducts it, the same finding reads SETTLED with how late the deduction came. The window is 3 s here (5 min by
 * default); the fault is proven before the finding is read: the consumer's process is gone and the order is still
 * INIT after the window. The order's timeline in the ops console (dlt-handler) shows both: the finding OPEN, the
 * late deduction, the finding SETTLED.
 */
class ADeductionHeldBackPastTheWindowIsMissingThenSettledIT {

	private static final Duration WINDOW = Duration.ofSeconds(3);

	private static Pipeline pipeline;

	private static ServiceProcess reconciliation;

	private static ServiceProcess dltHandler;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void startPipeline() {
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
		// after the consumer, which owns and migrates the trade schema the reconciliation reads; its own group, so
		// that another test's reconciliation state is not this one's
		reconciliation = pipeline.launch("reconciliation",
				Map.of("PAYONCE_RECONCILIATION_STREAMS_APPLICATION_ID", "e2e-late-deduction-" + UUID.randomUUID(),
						"PAYONCE_RECONCILIATION_CONTINUOUS_WINDOW", WINDOW.toSeconds() + "s",
						"PAYONCE_RECONCILIATION_CONTINUOUS_SCAN_INTERVAL", "250ms",
						"PAYONCE_RECONCILIATION_ACTIVE_QUERY_ENABLED", "false"));
		// the console whose timeline shows the finding's life; an audit trail of its own
		dltHandler = pipeline.launch("dlt-handler",
				Map.of("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.late-deduction.audit." + UUID.randomUUID()));
	}

	@AfterAll
	static void stopPipeline() {
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void aDeductionHeldBackPastTheWindowRaisesMissingAndItsLateArrivalSettlesIt() throws Exception {
		// given a payable order, and the deduct consumer stopped (nothing consumes pay.success)
		TradeLedger ledger = pipeline.ledger();
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(),
				new BigDecimal("100.00"));
		ServiceProcess consumer = pipeline.service("deduct-consumer");
		consumer.stop();
		assertThat(consumer.isHealthy()).as("the consumer is down").isFalse();

		// when the platform's callback is accepted and the window passes without a deduction
		assertThat(pipeline.callbacks().send(payment.callback()).body()).contains("ACCEPTED");

		// then reconciliation reports the payment MISSING, OPEN, while the order is provably not deducted
		String missing = await().atMost(Duration.ofSeconds(90))
			.until(() -> finding(payment.orderNo()), (found) -> found != null);
		assertThat(ledger.orderStatus(payment.orderNo())).contains("INIT");
		assertThat(missing).contains("\"kind\":\"MISSING\"", "\"status\":\"OPEN\"")
			.doesNotContainPattern("\"settledAt\":\"");

		// when the consumer is back and deducts the payment (late)
		consumer.start();
		await().atMost(Duration.ofSeconds(90))
			.untilAsserted(() -> assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID"));

		// then the same finding reads SETTLED, with when and how late: longer than the window it waited out
		String settled = await().atMost(Duration.ofSeconds(60))
			.until(() -> finding(payment.orderNo()), (found) -> found != null && found.contains("\"SETTLED\""));
		assertThat(settled).contains("\"findingId\":\"MISSING:" + payment.orderNo() + "\"")
			.containsPattern("\"settledAt\":\"[^\"]+\"");
		Matcher lateBy = Pattern.compile("\"lateBy\":\"?([^\",}]+)").matcher(settled);
		assertThat(lateBy.find()).as(settled).isTrue();
		assertThat(duration(lateBy.group(1))).isGreaterThan(WINDOW);
		assertThat(get(reconciliation, "/api/v1/findings?kind=MISSING&status=OPEN&limit=1000"))
			.doesNotContain(payment.orderNo());

		// and the order's timeline in the console shows both, in order: the finding raised, the late deduction, the
		// finding settled with its delay
		await().atMost(Duration.ofSeconds(60))
			.ignoreExceptions()
			.untilAsserted(() -> assertThat(steps(payment.orderNo())).containsSubsequence("FINDING OPEN",
					"DEDUCTED DEDUCTED", "FINDING SETTLED"));
		JsonNode settledStep = null;
		for (JsonNode step : timeline(payment.orderNo()).get("steps")) {
			if ("FINDING".equals(step.get("step").asString()) && "SETTLED".equals(step.get("decision").asString())) {
				settledStep = step;
			}
		}
		assertThat(settledStep).isNotNull();
		assertThat(settledStep.get("service").asString()).isEqualTo("reconciliation");
		assertThat(settledStep.get("detail").get("kind").asString()).isEqualTo("MISSING");
		assertThat(settledStep.get("detail").has("lateBy")).as("%s", settledStep).isTrue();
	}

	/** The order's steps on its timeline, as {@code "<step> <decision>"}. */
	private List<String> steps(String orderNo) throws Exception {
		List<String> steps = new ArrayList<>();
		timeline(orderNo).get("steps")
			.forEach((step) -> steps.add(step.get("step").asString() + " " + step.get("decision").asString()));
		return steps;
	}

	private JsonNode timeline(String orderNo) throws Exception {
		return JSON
			.readTree(get(dltHandler, "/api/v1/timeline?orderNo=" + URLEncoder.encode(orderNo, StandardCharsets.UTF_8)));
	}

	/** ISO-8601 ({@code PT7.2S}) or seconds ({@code 7.2}), as the API's JSON may write a duration. */
	private static Duration duration(String value) {
		return value.startsWith("PT") ? Duration.parse(value)
				: Duration.ofNanos(new BigDecimal(value).movePointRight(9).longValue());
	}

	/** The order's MISSING finding as the findings API shows it to a viewer, or {@code null}. */
	private String finding(String orderNo) throws Exception {
		Matcher finding = Pattern.compile("\\{[^{}]*\"orderNo\":\"" + Pattern.quote(orderNo) + "\"[^{}]*}")
			.matcher(get(reconciliation, "/api/v1/findings?kind=MISSING&limit=1000"));
		return finding.find() ? finding.group() : null;
	}

	private String get(ServiceProcess service, String path) throws Exception {
		HttpResponse<String> answer = this.http.send(HttpRequest.newBuilder(URI.create(service.baseUrl() + path))
			.header("Authorization",
					"Basic " + Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8)))
			.timeout(Duration.ofSeconds(30))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).as(path).isEqualTo(200);
		return answer.body();
	}

}
