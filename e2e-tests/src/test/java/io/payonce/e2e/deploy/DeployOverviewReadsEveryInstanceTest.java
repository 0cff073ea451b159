package io.payonce.e2e.deploy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's overview screen (issue 17) reads every instance of every service, in compose and in Kubernetes: its
 * targets ({@code PAYONCE_DLT_OVERVIEW_TARGETS_*}) name each service's containers on their management ports, as
 * Prometheus scrapes them; in Kubernetes a {@code dns+} URL of a headless Service that selects the service's pods on
 * that port, and the network policies let the handler in. A replica added to one file and not to the targets would be
 * missing from the screen's sums without a word.
 */
class DeployOverviewReadsEveryInstanceTest {

	/** The target setting of each module. */
	private static final Map<String, String> TARGETS = Map.of("producer-gateway", "PAYONCE_DLT_OVERVIEW_TARGETS_GATEWAY",
			"outbox-relay", "PAYONCE_DLT_OVERVIEW_TARGETS_RELAY", "deduct-consumer",
			"PAYONCE_DLT_OVERVIEW_TARGETS_CONSUMER", "dlt-handler", "PAYONCE_DLT_OVERVIEW_TARGETS_HANDLER",
			"reconciliation", "PAYONCE_DLT_OVERVIEW_TARGETS_RECONCILIATION");

	private final ComposeFile compose = ComposeFile.main();

	@Test
	void inComposeEveryContainerOfEveryServiceIsATargetOnItsManagementPort() {
		// given the PayOnce containers of the compose file, by module
		Map<String, Set<String>> containers = new LinkedHashMap<>();
		for (String service : this.compose.serviceNames()) {
			Object module = DeployFiles.at(this.compose.service(service), "build.args.MODULE");
			if (module != null) {
				String port = this.compose.environment(service).get("MANAGEMENT_SERVER_PORT");
				containers.computeIfAbsent(String.valueOf(module), (m) -> new TreeSet<>())
					.add("http://" + service + ":" + port + "/actuator/prometheus");
			}
		}
		assertThat(containers.keySet()).containsAll(TARGETS.keySet());

		// then every handler instance reads exactly those
		for (String handler : List.of("dlt-handler", "dlt-handler-2")) {
			Map<String, String> env = this.compose.environment(handler);
			for (Map.Entry<String, String> target : TARGETS.entrySet()) {
				assertThat(new TreeSet<>(Arrays.asList(env.get(target.getValue()).split(","))))
					.as("%s %s", handler, target.getValue())
					.isEqualTo(containers.get(target.getKey()));
			}
		}
	}

	@Test
	void inKubernetesEachTargetIsAHeadlessServiceOfThePodsManagementPortThatTheHandlerMayReach() {
		Map<String, String> handlerEnv = DeployKubernetesManifestsTest.Manifest.of("dlt-handler").environment();
		List<Map<String, Object>> policies = DeployFiles
			.yamlDocuments(DeployFiles.k8sDir().resolve("network-policies.yaml"));
		for (Map.Entry<String, String> target : TARGETS.entrySet()) {
			String module = target.getKey();
			DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(module);
			String port = manifest.environment().get("MANAGEMENT_SERVER_PORT");
			String headless = module + "-metrics";
			assertThat(handlerEnv.get(target.getValue())).as(target.getValue())
				.isEqualTo("dns+http://" + headless + ":" + port + "/actuator/prometheus");

			Map<String, Object> service = manifest.object("Service", headless);
			assertThat(DeployFiles.at(service, "spec.clusterIP")).as(headless).isEqualTo("None");
			assertThat(DeployFiles.map(DeployFiles.at(service, "spec.selector")))
				.isEqualTo(Map.of("app.kubernetes.io/name", module));
			assertThat(DeployFiles.list(DeployFiles.at(service, "spec.ports"))).singleElement().satisfies((entry) -> {
				assertThat(String.valueOf(DeployFiles.map(entry).get("port"))).isEqualTo(port);
				assertThat(DeployFiles.map(entry).get("targetPort")).isEqualTo("management");
			});

			// the handler may leave for that port, and the port lets the handler in
			assertThat(ports(policies, "dlt-handler-out", "egress")).as("dlt-handler egress").contains(port);
			assertThat(ports(policies, "management-ports-from-dlt-handler", "ingress")).as("ingress from the handler")
				.contains(port);
		}
		Map<String, Object> ingress = policies.stream()
			.filter((policy) -> "management-ports-from-dlt-handler".equals(DeployFiles.at(policy, "metadata.name")))
			.findFirst()
			.orElseThrow();
		assertThat(String.valueOf(DeployFiles.list(DeployFiles.at(ingress, "spec.ingress")).get(0)))
			.as("only the handler's pods").contains("podSelector={matchLabels={app.kubernetes.io/name=dlt-handler}}");
	}

	private static Set<String> ports(List<Map<String, Object>> policies, String name, String direction) {
		Set<String> ports = new TreeSet<>();
		policies.stream()
			.filter((policy) -> name.equals(DeployFiles.at(policy, "metadata.name")))
			.flatMap((policy) -> DeployFiles.list(DeployFiles.at(policy, "spec." + direction)).stream())
			.flatMap((rule) -> DeployFiles.list(DeployFiles.map(rule).get("ports")).stream())
			.forEach((port) -> ports.add(String.valueOf(DeployFiles.map(port).get("port"))));
		return ports;
	}

}
