package io.payonce.dlt.alert;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.payonce.dlt.alert.infra.BacklogMonitor;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import io.payonce.dlt.refund.infra.DuplicatePaymentGauges;
import io.payonce.dlt.terminal.TerminalIndex;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Prometheus rules shipped in {@code prometheus/payonce-alerts.yml}: well formed, and every metric they name is
 * one a service really exports, so that a renamed gauge does not leave an alert that can never fire.
 */
class AlertRulesTest {

	private static final Pattern METRIC = Pattern.compile("\\bpayonce_[a-z_]+");

	/**
	 * Metrics of other services that the rules use; {@code CallbackMetricsTest} (producer-gateway),
	 * {@code DeductionMetricsTest} (deduct-consumer), {@code RelayMetricsTest} (outbox-relay) and
	 * {@code MeterFindingSinkTest}, {@code OpenFindingsGaugesTest} and {@code StatementMetricsTest} (reconciliation) check
	 * that their service exports
	 * each.
	 */
	private static final Set<String> OTHER_SERVICES_METRICS = Set.of("payonce_gateway_duplicate_payments_total",
			"payonce_gateway_callbacks_total", "payonce_consumer_deliveries_total", "payonce_consumer_degraded_total",
			"payonce_relay_lag_seconds", "payonce_reconciliation_findings_total",
			"payonce_reconciliation_findings_open_oldest_age_seconds", "payonce_reconciliation_statement_findings_total",
			"payonce_reconciliation_statement_unbalanced_total", "payonce_reconciliation_statement_line_errors_total",
			"payonce_reconciliation_statement_last_imported_day_age_seconds");

	@Test
	void everyRuleHasANameAnExpressionASeverityAndASummary() throws IOException {
		List<Map<String, Object>> rules = rules();

		assertThat(rules).hasSizeGreaterThanOrEqualTo(14);
		assertThat(rules).extracting((rule) -> rule.get("alert")).doesNotHaveDuplicates();
		assertThat(rules).allSatisfy((rule) -> {
			assertThat(rule.get("expr")).as("%s expr", rule.get("alert")).isInstanceOf(String.class);
			assertThat(((Map<?, ?>) rule.get("labels")).get("severity")).as("%s severity", rule.get("alert"))
				.isIn("warning", "critical");
			assertThat(((Map<?, ?>) rule.get("annotations")).get("summary")).as("%s summary", rule.get("alert"))
				.isNotNull();
		});
		assertThat(rules).extracting((rule) -> rule.get("alert"))
			.contains("PayonceDuplicateRatioHigh", "PayonceRedisGuardDegraded", "PayonceRelayLagHigh",
					"PayonceCallbackSignatureFailures", "PayonceReconciliationFinding", "PayonceFindingsOpen")
			.contains("PayonceStatementUnknownPayment", "PayonceStatementMissingCallback",
					"PayonceStatementAmountMismatch", "PayonceStatementUnbalanced", "PayonceStatementLineErrors",
					"PayonceStatementNotImported")
			.contains("PayonceDuplicatePayment", "PayonceDuplicatePaymentFoundByLedger", "PayonceDuplicatePaymentsOpen", "PayonceDuplicatePaymentOwedForADay");
	}

	@Test
	void everyHandlerMetricTheRulesNameIsExportedByTheHandler() throws IOException {
		// given the handler's gauges on a Prometheus registry
		PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		Clock clock = Clock.systemUTC();
		new BacklogMonitor(new TerminalIndex(), new BacklogAlertRules(0, Duration.ZERO, 100, Duration.ZERO),
				List.of(), clock, registry);
		new DuplicatePaymentGauges(new DuplicatePaymentIndex(), clock, registry);
		String scrape = registry.scrape();

		// when the rules' metric names are read
		Set<String> named = new TreeSet<>();
		for (Map<String, Object> rule : rules()) {
			Matcher metric = METRIC.matcher((String) rule.get("expr"));
			while (metric.find()) {
				named.add(metric.group());
			}
		}

		// then each handler metric is in the scrape, and each other one is another service's, checked there
		assertThat(named).contains("payonce_dlt_duplicate_payments_open",
				"payonce_dlt_duplicate_payments_oldest_open_age_seconds", "payonce_dlt_terminal_backlog");
		for (String metric : named) {
			if (metric.startsWith("payonce_dlt_")) {
				assertThat(scrape).as("exported by the handler: %s", metric).containsPattern("(?m)^" + metric + "[ {]");
			}
			else {
				assertThat(OTHER_SERVICES_METRICS).as("a metric of another service: %s", metric).contains(metric);
			}
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> rules() throws IOException {
		try (InputStream in = AlertRulesTest.class.getResourceAsStream("/prometheus/payonce-alerts.yml")) {
			Map<String, Object> file = new Yaml().load(in);
			List<Map<String, Object>> rules = new ArrayList<>();
			for (Map<String, Object> group : (List<Map<String, Object>>) file.get("groups")) {
				rules.addAll((List<Map<String, Object>>) group.get("rules"));
			}
			return rules;
		}
	}

}
