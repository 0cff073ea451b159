package io.payonce.e2e.deploy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, "no single instance": the services that used to be singletons (the relay, now a leader and a hot
 * standby; the dlt-handler, now a group sharing its ladder and its console through Kafka; reconciliation, a Kafka
 * Streams group) are deployed so that the loss of a pod or a node leaves one running: two replicas that roll without dropping to none, a disruption budget
 * of one, spread over nodes. Compose runs the relay and the dlt-handler twice, the second a copy of the first but for its host ports and
 * its own volumes.
 */
class DeployNoServiceIsASingleInstanceTest {

	@ParameterizedTest
	@ValueSource(strings = { "outbox-relay", "dlt-handler", "reconciliation" })
	void twoReplicasRollOneAtATimeWithoutDroppingBelowOne(String service) {
		Map<String, Object> deployment = DeployKubernetesManifestsTest.Manifest.of(service).object("Deployment", service);
		assertThat(((Number) DeployFiles.at(deployment, "spec.replicas")).intValue()).isGreaterThanOrEqualTo(2);
		assertThat(DeployFiles.at(deployment, "spec.strategy.type")).isEqualTo("RollingUpdate");
		assertThat(DeployFiles.at(deployment, "spec.strategy.rollingUpdate.maxUnavailable")).isEqualTo(0);
	}

	@ParameterizedTest
	@ValueSource(strings = { "outbox-relay", "dlt-handler", "reconciliation" })
	void aDisruptionBudgetKeepsOneAndCoversThePods(String service) {
		DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(service);
		Map<String, Object> budget = manifest.object("PodDisruptionBudget", service);
		assertThat(budget).as("PodDisruptionBudget").isNotEmpty();
		assertThat(DeployFiles.at(budget, "spec.minAvailable")).isEqualTo(1);
		assertThat(DeployFiles.at(budget, "spec.selector.matchLabels"))
			.isEqualTo(DeployFiles.at(manifest.object("Deployment", service), "spec.selector.matchLabels"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "outbox-relay", "dlt-handler", "reconciliation" })
	void theReplicasArePreferablyOnDifferentNodes(String service) {
		DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(service);
		Object terms = DeployFiles.at(manifest.podSpec(),
				"affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution");
		assertThat(DeployFiles.list(terms)).anySatisfy((term) -> {
			Map<String, Object> podAffinityTerm = DeployFiles.map(DeployFiles.map(term).get("podAffinityTerm"));
			assertThat(podAffinityTerm.get("topologyKey")).isEqualTo("kubernetes.io/hostname");
			assertThat(DeployFiles.at(podAffinityTerm, "labelSelector.matchLabels"))
				.isEqualTo(DeployFiles.at(manifest.object("Deployment", service), "spec.selector.matchLabels"));
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "outbox-relay", "dlt-handler", "reconciliation" })
	void noReplicaKeepsStateOnAVolumeOfItsOwnThatTheOtherNeeds(String service) {
		DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(service);
		// a ReadWriteOnce claim has one user at a time: a second replica could not start beside the first
		assertThat(manifest.object("PersistentVolumeClaim", service + "-data")).as("claim of %s", service).isEmpty();
		assertThat(manifest.environment()).as("settings of %s", service)
			.noneSatisfy((name, value) -> assertThat(name).endsWith("_AUDIT_FILE"));
	}

	private static final String ADVERTISED_HOST = "PAYONCE_DLT_STREAMS_ADVERTISED_HOST";

	@ParameterizedTest
	@ValueSource(strings = { "outbox-relay", "dlt-handler" })
	void composeRunsTheSameServiceTwice(String service) {
		ComposeFile compose = ComposeFile.main();
		Map<String, Object> first = compose.service(service);
		Map<String, Object> second = compose.service(service + "-2");
		for (String key : new String[] { "build", "image", "depends_on", "healthcheck", "stop_grace_period" }) {
			assertThat(second.get(key)).as(key).isEqualTo(first.get(key));
		}
		// the same settings, but for the address each instance gives the others (the dlt-handler's consoles ask
		// each other for their part of the pending retries): its own service name
		Map<String, String> firstEnvironment = new java.util.TreeMap<>(compose.environment(service));
		Map<String, String> secondEnvironment = new java.util.TreeMap<>(compose.environment(service + "-2"));
		String advertised = firstEnvironment.remove(ADVERTISED_HOST);
		String secondAdvertised = secondEnvironment.remove(ADVERTISED_HOST);
		assertThat(secondEnvironment).as("environment").isEqualTo(firstEnvironment);
		if (advertised != null || secondAdvertised != null) {
			assertThat(advertised).as(ADVERTISED_HOST).isEqualTo(service);
			assertThat(secondAdvertised).as(ADVERTISED_HOST + " of the second").isEqualTo(service + "-2");
		}
		// its own host ports (the first instance's are taken) for the same container ports: the API and actuator
		assertThat(compose.ports(service + "-2")).extracting((mapping) -> mapping[1])
			.containsExactlyElementsOf(compose.ports(service).stream().map((mapping) -> mapping[1]).toList())
			.contains(String.valueOf(compose.environment(service).get("SERVER_PORT")));
		assertThat(compose.ports(service + "-2")).extracting((mapping) -> mapping[0])
			.doesNotContainAnyElementsOf(compose.ports(service).stream().map((mapping) -> mapping[0]).toList());
		// its own named volumes, mounted where the first mounts its own (two RocksDB folders, never one)
		List<String[]> volumes = compose.volumes(service);
		List<String[]> secondVolumes = compose.volumes(service + "-2");
		assertThat(secondVolumes).extracting((volume) -> volume[1])
			.containsExactlyElementsOf(volumes.stream().map((volume) -> volume[1]).toList());
		for (String[] volume : volumes) {
			assertThat(secondVolumes).extracting((mounted) -> mounted[0]).doesNotContain(volume[0]);
		}
	}

}
