package io.payonce.e2e.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose file's monitoring (issue 17): Prometheus scrapes every PayOnce container on its management port under
 * its service's job and evaluates the dlt-handler's alert rules; Grafana reads that Prometheus and the overview
 * dashboard, whose queries name only metrics that the alert rules name too or that {@code MonitoredMetricsAreExportedIT}
 * finds on the running services. No Docker engine is needed: the files are read as data.
 */
class DeployMonitoringTest {

	static final Pattern METRIC = Pattern.compile("\\bpayonce_[a-z_]+");

	private final ComposeFile compose = ComposeFile.main();

	@Test
	void everyPayonceContainerIsScrapedOnItsManagementPortUnderItsServicesJob() {
		// given the PayOnce containers of the compose file: module (build argument) → service:management port
		Map<String, Set<String>> expected = new LinkedHashMap<>();
		for (String service : this.compose.serviceNames()) {
			Object module = DeployFiles.at(this.compose.service(service), "build.args.MODULE");
			if (module != null) {
				String port = this.compose.environment(service).get("MANAGEMENT_SERVER_PORT");
				assertThat(port).as("%s has a management port", service).isNotBlank();
				expected.computeIfAbsent("payonce-" + module, (job) -> new TreeSet<>()).add(service + ":" + port);
			}
		}
		assertThat(expected).containsKeys("payonce-producer-gateway", "payonce-outbox-relay", "payonce-deduct-consumer",
				"payonce-dlt-handler", "payonce-reconciliation");

		// when Prometheus' scrape configuration is read
		Map<String, Object> prometheus = DeployFiles.yaml(prometheusConfig());
		Map<String, Set<String>> scraped = new LinkedHashMap<>();
		for (Object job : DeployFiles.list(prometheus.get("scrape_configs"))) {
			Map<String, Object> config = DeployFiles.map(job);
			assertThat(config.get("metrics_path")).as("%s path", config.get("job_name")).isEqualTo("/actuator/prometheus");
			Set<String> targets = new TreeSet<>();
			for (Object staticConfig : DeployFiles.list(config.get("static_configs"))) {
				DeployFiles.list(DeployFiles.map(staticConfig).get("targets")).forEach((t) -> targets.add(String.valueOf(t)));
			}
			scraped.put(String.valueOf(config.get("job_name")), targets);
		}

		// then each service's job scrapes exactly its containers, on their management ports
		assertThat(scraped).isEqualTo(expected);
	}

	@Test
	void prometheusEvaluatesTheRulesTheDltHandlerShips() {
		Map<String, Object> prometheus = DeployFiles.yaml(prometheusConfig());
		List<Object> ruleFiles = DeployFiles.list(prometheus.get("rule_files"));
		assertThat(ruleFiles).isNotEmpty();

		for (Object ruleFile : ruleFiles) {
			String[] mount = this.compose.volumes("prometheus").stream()
				.filter((volume) -> volume[1].equals(ruleFile))
				.findFirst()
				.orElseThrow(() -> new AssertionError("rule file " + ruleFile + " is not mounted"));
			assertThat(this.compose.resolveFromProject(mount[0]))
				.isEqualTo(DeployFiles.root().resolve("dlt-handler/src/main/resources/prometheus/payonce-alerts.yml"));
			assertThat(mount[mount.length - 1]).as("mounted read-only").isEqualTo("ro");
		}
		// and the rule that watches the handler finds its job
		assertThat(DeployFiles.read(alertRules())).contains("up{job=\"payonce-dlt-handler\"}");
	}

	@Test
	void grafanaShowsTheDashboardFromTheComposePrometheus() throws Exception {
		// the data source is the compose file's Prometheus, under the uid the dashboard refers to
		Map<String, Object> datasources = DeployFiles.yaml(grafanaDir().resolve("provisioning/datasources/prometheus.yml"));
		Map<String, Object> datasource = DeployFiles.map(DeployFiles.list(datasources.get("datasources")).get(0));
		assertThat(datasource).containsEntry("url", "http://prometheus:9090").containsEntry("uid", "payonce-prometheus");
		assertThat(this.compose.serviceNames()).contains("prometheus", "grafana");
		assertThat(this.compose.portEntries("prometheus")).contains("127.0.0.1:9090:9090");

		// every panel queries that data source, and every query parses into metric names
		JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(dashboardFile()));
		List<String> expressions = new ArrayList<>();
		for (JsonNode panel : dashboard.get("panels")) {
			if (!"row".equals(panel.get("type").asString())) {
				assertThat(panel.at("/datasource/uid").asString()).as(panel.get("title").asString())
					.isEqualTo("payonce-prometheus");
				panel.get("targets").forEach((target) -> expressions.add(target.get("expr").asString()));
			}
		}
		assertThat(expressions).hasSizeGreaterThanOrEqualTo(12);
		assertThat(metrics(String.join("\n", expressions))).contains("payonce_gateway_callbacks_total",
				"payonce_consumer_deliveries_total", "payonce_relay_lag_seconds", "payonce_dlt_terminal_backlog",
				"payonce_reconciliation_findings_total", "payonce_reconciliation_findings_open",
				"payonce_reconciliation_findings_open_oldest_age_seconds");
	}

	@Test
	void theOpenFindingsRuleWaitsOutTheWindowAndTheRetryLadderItWatches() {
		// given the rule on open findings, the reconciliation's window and the dlt-handler's retry tiers as shipped
		Map<String, Object> rule = rules().stream()
			.filter((candidate) -> "PayonceFindingsOpen".equals(candidate.get("alert")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no rule PayonceFindingsOpen"));
		String expr = (String) rule.get("expr");
		Matcher threshold = Pattern.compile("> *(\\d+)\\s*$").matcher(expr);
		assertThat(threshold.find()).as(expr).isTrue();
		Duration window = Duration.parse("PT" + DeployFiles.at(DeployFiles.yaml(applicationYml("reconciliation")),
				"payonce.reconciliation.continuous.window").toString().toUpperCase());
		Duration ladder = Duration.ZERO;
		for (String tier : DeployFiles.at(DeployFiles.yaml(applicationYml("dlt-handler")), "payonce.dlt.retry.tiers")
			.toString()
			.split(",")) {
			ladder = ladder.plus(Duration.parse("PT" + tier.trim().toUpperCase()));
		}

		// then a MISSING (raised a window after its payment) is open past its whole ladder before the rule fires,
		// the rule reads the gauge every reconciliation replica exports (max), and leaves MISMATCH to its own rule
		assertThat(Duration.ofSeconds(Long.parseLong(threshold.group(1)))).isGreaterThan(ladder.plus(window));
		assertThat(expr).startsWith("max by (kind) (payonce_reconciliation_findings_open_oldest_age_seconds")
			.contains("kind=~\"MISSING|DUPLICATE\"");
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> rules() {
		List<Map<String, Object>> rules = new ArrayList<>();
		for (Object group : DeployFiles.list(DeployFiles.yaml(alertRules()).get("groups"))) {
			for (Object rule : DeployFiles.list(DeployFiles.map(group).get("rules"))) {
				rules.add((Map<String, Object>) rule);
			}
		}
		return rules;
	}

	private static Path applicationYml(String module) {
		return DeployFiles.root().resolve(module + "/src/main/resources/application.yml");
	}

	static Set<String> metrics(String text) {
		Set<String> names = new TreeSet<>();
		Matcher metric = METRIC.matcher(text);
		while (metric.find()) {
			names.add(metric.group());
		}
		return names;
	}

	static Path prometheusConfig() {
		return DeployFiles.root().resolve("infra/docker/prometheus/prometheus.yml");
	}

	static Path alertRules() {
		return DeployFiles.root().resolve("dlt-handler/src/main/resources/prometheus/payonce-alerts.yml");
	}

	static Path dashboardFile() {
		return grafanaDir().resolve("dashboards/payonce-overview.json");
	}

	private static Path grafanaDir() {
		return DeployFiles.root().resolve("infra/docker/grafana");
	}

}
