package io.payonce.e2e;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The names the monitoring relies on exist where it looks for them: every {@code payonce_*} metric named by the
 * Prometheus alert rules (dlt-handler's {@code prometheus/payonce-alerts.yml}) and by the Grafana overview dashboard
 * (infra/docker/grafana) is exported by one of the five services, running as their exec jars, after a payment, a
 * repeated callback and a refused signature went through. A renamed meter fails here instead of leaving a rule that
 * never fires or a panel that stays empty.
 */
class MonitoredMetricsAreExportedIT {

	private static final Pattern METRIC = Pattern.compile("\\bpayonce_[a-z_]+");

	private static final String[] SERVICES = { "outbox-relay", "deduct-consumer", "producer-gateway", "dlt-handler",
			"reconciliation" };

	private static Pipeline pipeline;

	@BeforeAll
	static void startPipeline() {
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway",
				"dlt-handler");
		// after the consumer, which owns and migrates the trade schema the reconciliation reads
		pipeline.launch("reconciliation", Map.of());
	}

	@AfterAll
	static void stopPipeline() {
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void everyMetricOfTheRulesAndTheDashboardIsExportedByAService() throws Exception {
		// given a payment deducted, its callback repeated, and a callback refused for its signature
		TradeLedger ledger = pipeline.ledger();
		CallbackClient callbacks = pipeline.callbacks();
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(),
				new BigDecimal("100.00"));
		assertThat(callbacks.send(payment.callback()).body()).contains("ACCEPTED");
		assertThat(callbacks.send(payment.callback()).body()).contains("DUPLICATE");
		assertThat(new CallbackClient(pipeline.service("producer-gateway").baseUrl(), "not-the-secret",
				Clock.systemUTC())
			.send(PaymentFixture.aCallback())
			.status()).isEqualTo(401);
		await().atMost(Duration.ofSeconds(90))
			.untilAsserted(() -> assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID"));

		// when every service's metrics are scraped from its management port, as the compose Prometheus does
		Map<String, Set<String>> exported = new TreeMap<>();
		for (String service : SERVICES) {
			exported.put(service, metrics(scrape(pipeline.service(service).managementUrl() + "/actuator/prometheus")));
		}

		// then every name the rules and the dashboard use is exported by some service
		Set<String> wanted = new TreeSet<>();
		wanted.addAll(metrics(Files.readString(Pipeline.repositoryRoot()
			.resolve("dlt-handler/src/main/resources/prometheus/payonce-alerts.yml"))));
		wanted.addAll(metrics(Files.readString(Pipeline.repositoryRoot()
			.resolve("infra/docker/grafana/dashboards/payonce-overview.json"))));
		// (the twelve of today: a rule or panel dropped by mistake shows here too)
		assertThat(wanted).hasSizeGreaterThanOrEqualTo(12);
		Set<String> anywhere = new TreeSet<>();
		exported.values().forEach(anywhere::addAll);
		assertThat(anywhere).as("exported by %s", exported).containsAll(wanted);
		// and the open-findings gauges carry numbers: the reconciliation read its findings topic to the end (NaN before)
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(
					scrape(pipeline.service("reconciliation").managementUrl() + "/actuator/prometheus"))
				.containsPattern("(?m)^payonce_reconciliation_findings_open\\{kind=\"MISSING\"} \\d+\\.\\d+$")
				.containsPattern(
						"(?m)^payonce_reconciliation_findings_open_oldest_age_seconds\\{kind=\"DUPLICATE\"} \\d+\\.\\d+$"));
	}

	private static String scrape(String url) throws IOException, InterruptedException {
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).as(url).isEqualTo(200);
		return answer.body();
	}

	private static Set<String> metrics(String text) {
		Set<String> names = new TreeSet<>();
		Matcher metric = METRIC.matcher(text);
		while (metric.find()) {
			names.add(metric.group());
		}
		return names;
	}

}
