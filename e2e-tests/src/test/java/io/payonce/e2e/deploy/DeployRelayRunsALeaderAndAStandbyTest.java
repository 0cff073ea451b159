package io.payonce.e2e.deploy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay is deployed as a leader and a hot standby (issue 18), and the files say so consistently: two
 * replicas that roll without dropping to none, a disruption budget, spread over nodes, and a readiness that
 * means "could take over" (the relay's health is in the readiness group: a standby is UP). Compose runs the
 * same service twice.
 */
class DeployRelayRunsALeaderAndAStandbyTest {

	private static final String RELAY = "outbox-relay";

	private final DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(RELAY);

	@Test
	void twoReplicasRollOneAtATimeWithoutDroppingBelowOne() {
		Map<String, Object> deployment = this.manifest.object("Deployment", RELAY);
		assertThat(((Number) DeployFiles.at(deployment, "spec.replicas")).intValue()).isGreaterThanOrEqualTo(2);
		assertThat(DeployFiles.at(deployment, "spec.strategy.type")).isEqualTo("RollingUpdate");
		assertThat(DeployFiles.at(deployment, "spec.strategy.rollingUpdate.maxUnavailable")).isEqualTo(0);
	}

	@Test
	void aDisruptionBudgetKeepsOneRelayAndCoversThePods() {
		Map<String, Object> budget = this.manifest.object("PodDisruptionBudget", RELAY);
		assertThat(budget).as("PodDisruptionBudget").isNotEmpty();
		assertThat(DeployFiles.at(budget, "spec.minAvailable")).isEqualTo(1);
		assertThat(DeployFiles.at(budget, "spec.selector.matchLabels"))
			.isEqualTo(DeployFiles.at(this.manifest.object("Deployment", RELAY), "spec.selector.matchLabels"));
	}

	@Test
	void theTwoArePreferablyOnDifferentNodes() {
		Object terms = DeployFiles.at(this.manifest.podSpec(),
				"affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution");
		assertThat(DeployFiles.list(terms)).anySatisfy((term) -> {
			Map<String, Object> podAffinityTerm = DeployFiles.map(DeployFiles.map(term).get("podAffinityTerm"));
			assertThat(podAffinityTerm.get("topologyKey")).isEqualTo("kubernetes.io/hostname");
			assertThat(DeployFiles.at(podAffinityTerm, "labelSelector.matchLabels")).isEqualTo(
					DeployFiles.at(this.manifest.object("Deployment", RELAY), "spec.selector.matchLabels"));
		});
	}

	@Test
	void readyMeansAMemberOfTheRelayGroup() {
		// the readiness probe reads Spring Boot's readiness group, and the relay puts its own health in it
		Object include = ServiceSettings.of(RELAY).applicationDefault("management.endpoint.health.group.readiness.include");
		assertThat(String.valueOf(include)).contains("readinessState").contains("relay");
	}

	@Test
	void composeRunsTheSameRelayTwice() {
		ComposeFile compose = ComposeFile.main();
		Map<String, Object> first = compose.service(RELAY);
		Map<String, Object> second = compose.service(RELAY + "-2");
		for (String key : new String[] { "build", "image", "depends_on", "environment", "healthcheck",
				"stop_grace_period" }) {
			assertThat(second.get(key)).as(key).isEqualTo(first.get(key));
		}
		// its own host ports (the first instance's are taken) for the same container ports: the API and actuator
		assertThat(compose.ports(RELAY + "-2")).extracting((mapping) -> mapping[1])
			.containsExactlyElementsOf(compose.ports(RELAY).stream().map((mapping) -> mapping[1]).toList())
			.contains(String.valueOf(compose.environment(RELAY).get("SERVER_PORT")));
		assertThat(compose.ports(RELAY + "-2")).extracting((mapping) -> mapping[0])
			.doesNotContainAnyElementsOf(compose.ports(RELAY).stream().map((mapping) -> mapping[0]).toList());
		// the MySQL variant switches both to the MySQL connector
		ComposeFile mysql = ComposeFile.mysqlOverride();
		assertThat(mysql.environment(RELAY + "-2")).isEqualTo(mysql.environment(RELAY));
	}

}
