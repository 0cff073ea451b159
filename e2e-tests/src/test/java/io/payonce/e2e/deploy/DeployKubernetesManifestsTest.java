package io.payonce.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.payonce.infra.LocalStackConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The manifests under infra/k8s deploy each service on its own with the same settings as the compose file:
 * the same env names (all read by the service), the same port, probes on Spring Boot's liveness and
 * readiness groups, resource requests, a grace period longer than the graceful shutdown, and replica counts
 * that respect what the service can share.
 */
class DeployKubernetesManifestsTest {

	private final ComposeFile compose = ComposeFile.main();

	@Test
	void everyServiceHasADeploymentServiceConfigMapAndSecret() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			assertThat(manifest.object("Deployment", service)).as(service).isNotEmpty();
			assertThat(manifest.object("Service", service)).as(service).isNotEmpty();
			Map<String, Object> container = manifest.container();
			List<String> envFrom = DeployFiles.list(container.get("envFrom")).stream()
				.map(DeployFiles::map)
				.map(source -> String.valueOf(DeployFiles.map(
						source.containsKey("configMapRef") ? source.get("configMapRef") : source.get("secretRef")).get("name")))
				.toList();
			assertThat(envFrom).as(service).containsExactlyInAnyOrder(service + "-config", service + "-secrets");
			assertThat(manifest.object("ConfigMap", service + "-config")).as(service).isNotEmpty();
			assertThat(manifest.object("Secret", service + "-secrets")).as(service).isNotEmpty();
		}
	}

	@Test
	void theEnvNamesAreTheComposeNamesAndEveryOneIsRead() {
		List<String> wrong = new ArrayList<>();
		for (String service : DeployFiles.SERVICES) {
			Set<String> k8sNames = Manifest.of(service).environment().keySet();
			Set<String> composeNames = new TreeSet<>(this.compose.environment(service).keySet());
			// compose is the local stack in containers: its local profile is the one name k8s must not have
			composeNames.remove("SPRING_PROFILES_ACTIVE");
			if (!k8sNames.equals(composeNames)) {
				Set<String> onlyK8s = new TreeSet<>(k8sNames);
				onlyK8s.removeAll(composeNames);
				Set<String> onlyCompose = new TreeSet<>(composeNames);
				onlyCompose.removeAll(k8sNames);
				wrong.add(service + ": only in k8s " + onlyK8s + ", only in compose " + onlyCompose);
			}
			ServiceSettings settings = ServiceSettings.of(service);
			k8sNames.stream().filter(name -> !settings.reads(name))
				.forEach(name -> wrong.add(service + ": k8s sets " + name + ", which the service does not read"));
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void credentialsAreInTheSecretNotTheConfigMap() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			Set<String> config = DeployFiles.map(manifest.object("ConfigMap", service + "-config").get("data")).keySet();
			assertThat(config).as(service).noneMatch(name -> name.contains("PASSWORD") || name.contains("SECRET"));
			Set<String> secret = DeployFiles.map(manifest.object("Secret", service + "-secrets").get("stringData")).keySet();
			assertThat(secret).as(service).isNotEmpty().allMatch(name -> name.contains("PASSWORD")
					|| name.contains("SECRET") || name.startsWith("PAYONCE_OPS_USERS_"));
		}
	}

	@Test
	void portsAndProbesMatchTheService() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			String port = this.compose.environment(service).get("SERVER_PORT");
			assertThat(manifest.environment()).as(service).containsEntry("SERVER_PORT", port);
			Map<String, Object> container = manifest.container();
			Map<String, Object> containerPort = DeployFiles.map(DeployFiles.list(container.get("ports")).get(0));
			assertThat(String.valueOf(containerPort.get("containerPort"))).as(service).isEqualTo(port);
			String portName = String.valueOf(containerPort.get("name"));

			Map<String, Object> servicePort = DeployFiles
				.map(DeployFiles.list(DeployFiles.at(manifest.object("Service", service), "spec.ports")).get(0));
			assertThat(String.valueOf(servicePort.get("port"))).as(service).isEqualTo(port);
			assertThat(String.valueOf(servicePort.get("targetPort"))).as(service).isIn(portName, port);
			assertThat(DeployFiles.at(manifest.object("Service", service), "spec.selector"))
				.isEqualTo(DeployFiles.at(manifest.object("Deployment", service), "spec.selector.matchLabels"));

			// the probes ask the management port, which the Service does not expose
			String management = this.compose.environment(service).get("MANAGEMENT_SERVER_PORT");
			assertThat(manifest.environment()).as(service).containsEntry("MANAGEMENT_SERVER_PORT", management);
			Map<String, Object> managementPort = DeployFiles.list(container.get("ports")).stream()
				.map(DeployFiles::map)
				.filter(p -> management.equals(String.valueOf(p.get("containerPort"))))
				.findFirst()
				.orElseThrow(() -> new AssertionError(service + ": no container port " + management));
			String managementName = String.valueOf(managementPort.get("name"));
			assertProbe(service, container, "startupProbe", "/actuator/health/liveness", managementName, management);
			assertProbe(service, container, "livenessProbe", "/actuator/health/liveness", managementName, management);
			assertProbe(service, container, "readinessProbe", "/actuator/health/readiness", managementName, management);
			assertThat(DeployFiles.list(DeployFiles.at(manifest.object("Service", service), "spec.ports")))
				.as("%s Service ports", service)
				.noneSatisfy(p -> assertThat(String.valueOf(DeployFiles.map(p).get("targetPort"))).isIn(managementName,
						management));
			assertThat(manifest.environment()).containsEntry("MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED", "true");
		}
	}

	@Test
	void resourcesAreRequestedAndThePodRunsAsTheImageUser() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			Map<String, Object> requests = DeployFiles.map(DeployFiles.at(manifest.container(), "resources.requests"));
			assertThat(requests).as(service).containsKeys("cpu", "memory");
			Map<String, Object> pod = manifest.podSpec();
			assertThat(DeployFiles.at(pod, "securityContext.runAsNonRoot")).as(service).isEqualTo(true);
			assertThat(String.valueOf(DeployFiles.at(pod, "securityContext.runAsUser")))
				.isEqualTo(Dockerfiles.userId());
		}
	}

	@Test
	void everyContainerRunsOnAReadOnlyRootWithoutCapabilitiesUnderRuntimeDefault() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			Map<String, Object> container = manifest.container();
			assertThat(DeployFiles.at(manifest.podSpec(), "securityContext.seccompProfile.type")).as(service)
				.isEqualTo("RuntimeDefault");
			assertThat(DeployFiles.at(container, "securityContext.readOnlyRootFilesystem")).as(service).isEqualTo(true);
			assertThat(DeployFiles.at(container, "securityContext.allowPrivilegeEscalation")).as(service).isEqualTo(false);
			assertThat(DeployFiles.list(DeployFiles.at(container, "securityContext.capabilities.drop"))).as(service)
				.containsExactly("ALL");
			// what the JVM, Tomcat and RocksDB write goes to volumes: /tmp always, the state folder where there is one
			Map<String, String> mounts = mounts(manifest);
			assertThat(mounts).as(service).containsKey("/tmp");
			manifest.environment().forEach((name, value) -> {
				if (name.endsWith("_STATE_DIR") || name.endsWith("_AUDIT_FILE") || name.endsWith("_REPORT_DIR")) {
					assertThat(mounts.keySet()).as("%s %s=%s on a volume", service, name, value)
						.anySatisfy(path -> assertThat(value).startsWith(path + "/"));
				}
			});
		}
	}

	@Test
	void theManifestsNeverRunTheLocalProfile() {
		for (String service : DeployFiles.SERVICES) {
			assertThat(Manifest.of(service).environment().getOrDefault("SPRING_PROFILES_ACTIVE", ""))
				.as(service).doesNotContain("local");
		}
	}

	@Test
	void networkPoliciesDenyEverythingButTheCallbackPortToTheWorld() {
		List<Map<String, Object>> policies = DeployFiles.yamlDocuments(DeployFiles.k8sDir().resolve("network-policies.yaml"));
		Map<String, Object> defaultDeny = policies.stream()
			.filter(policy -> DeployFiles.map(DeployFiles.at(policy, "spec.podSelector")).isEmpty()
					&& DeployFiles.at(policy, "spec.ingress") == null && DeployFiles.at(policy, "spec.egress") == null)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no default-deny policy"));
		assertThat(DeployFiles.list(DeployFiles.at(defaultDeny, "spec.policyTypes"))).containsExactlyInAnyOrder("Ingress",
				"Egress");

		String gatewayPort = this.compose.environment("producer-gateway").get("SERVER_PORT");
		List<String> openToAll = new ArrayList<>();
		for (Map<String, Object> policy : policies) {
			for (Object rule : DeployFiles.list(DeployFiles.at(policy, "spec.ingress"))) {
				if (DeployFiles.list(DeployFiles.map(rule).get("from")).isEmpty()) {
					Object selected = DeployFiles.at(policy, "spec.podSelector.matchLabels");
					for (Object port : DeployFiles.list(DeployFiles.map(rule).get("ports"))) {
						openToAll.add(selected + ":" + DeployFiles.map(port).get("port"));
					}
				}
			}
		}
		assertThat(openToAll).containsExactly("{app.kubernetes.io/name=producer-gateway}:" + gatewayPort);

		// every service may leave the pod only for what it uses; nothing in the namespace reaches anything else
		for (String service : DeployFiles.SERVICES) {
			assertThat(policies).as(service + " egress policy").anySatisfy(policy -> {
				assertThat(DeployFiles.map(DeployFiles.at(policy, "spec.podSelector.matchLabels")))
					.containsEntry("app.kubernetes.io/name", service);
				assertThat(DeployFiles.list(DeployFiles.at(policy, "spec.policyTypes"))).containsExactly("Egress");
			});
		}
		Set<Object> gatewayOut = policies.stream()
			.filter(policy -> "producer-gateway-out".equals(DeployFiles.at(policy, "metadata.name")))
			.flatMap(policy -> DeployFiles.list(DeployFiles.at(policy, "spec.egress")).stream())
			.flatMap(rule -> DeployFiles.list(DeployFiles.map(rule).get("ports")).stream())
			.map(port -> DeployFiles.map(port).get("port"))
			.collect(java.util.stream.Collectors.toSet());
		assertThat(gatewayOut).as("the gateway talks to its database, and to Kafka for its timeline facts")
			.containsExactlyInAnyOrder(3306, 9092);
		// the data stores, when they run in the cluster, admit the PayOnce namespace only
		List<Map<String, Object>> dataStores = DeployFiles
			.yamlDocuments(DeployFiles.k8sDir().resolve("data-stores/network-policies.yaml"));
		assertThat(dataStores).singleElement().satisfies(policy -> assertThat(policy.toString())
			.contains("kubernetes.io/metadata.name=payonce"));
	}

	@Test
	void eachDltHandlerReplicaAdvertisesItsPodIpAndTheReplicasMayAskEachOthersConsole() {
		// the console answers for the whole retry ladder by asking the replica that runs a partition (Kafka Streams
		// application.server): each names its own pod IP, and the policies let the replicas reach each other's console
		Manifest manifest = Manifest.of("dlt-handler");
		assertThat(DeployFiles.list(manifest.container().get("env"))).anySatisfy((entry) -> {
			Map<String, Object> variable = DeployFiles.map(entry);
			assertThat(variable.get("name")).isEqualTo("PAYONCE_DLT_STREAMS_ADVERTISED_HOST");
			assertThat(DeployFiles.at(variable, "valueFrom.fieldRef.fieldPath")).isEqualTo("status.podIP");
		});
		Object consolePort = Integer.valueOf(manifest.environment().get("SERVER_PORT"));
		List<Map<String, Object>> policies = DeployFiles.yamlDocuments(DeployFiles.k8sDir().resolve("network-policies.yaml"));
		Map<String, String> dlt = Map.of("app.kubernetes.io/name", "dlt-handler");
		for (String direction : new String[] { "egress", "ingress" }) {
			String peers = direction.equals("egress") ? "to" : "from";
			assertThat(policies).as("dlt-handler %s to its replicas' console", direction).anySatisfy((policy) -> {
				assertThat(DeployFiles.map(DeployFiles.at(policy, "spec.podSelector.matchLabels"))).isEqualTo(dlt);
				assertThat(DeployFiles.list(DeployFiles.at(policy, "spec." + direction))).anySatisfy((rule) -> {
					assertThat(DeployFiles.list(DeployFiles.map(rule).get(peers))).anySatisfy((peer) -> assertThat(
							DeployFiles.map(DeployFiles.at(DeployFiles.map(peer), "podSelector.matchLabels")))
						.isEqualTo(dlt));
					assertThat(DeployFiles.list(DeployFiles.map(rule).get("ports")))
						.anySatisfy((port) -> assertThat(DeployFiles.map(port).get("port")).isEqualTo(consolePort));
				});
			});
		}
	}

	private static Map<String, String> mounts(Manifest manifest) {
		Map<String, String> mounts = new LinkedHashMap<>();
		for (Object mount : DeployFiles.list(manifest.container().get("volumeMounts"))) {
			mounts.put(String.valueOf(DeployFiles.map(mount).get("mountPath")),
					String.valueOf(DeployFiles.map(mount).get("name")));
		}
		return mounts;
	}

	@Test
	void theGracePeriodOutlastsTheGracefulShutdown() {
		for (String service : DeployFiles.SERVICES) {
			Manifest manifest = Manifest.of(service);
			long phase = Durations.seconds(manifest.environment().get("SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE"));
			assertThat(manifest.environment()).containsEntry("SERVER_SHUTDOWN", "graceful");
			Object grace = manifest.podSpec().get("terminationGracePeriodSeconds");
			assertThat(grace).as(service).isNotNull();
			assertThat(((Number) grace).longValue()).as(service).isGreaterThan(phase);
		}
	}

	@Test
	void consumerThreadsAcrossReplicasDoNotExceedThePartitions() {
		Manifest consumer = Manifest.of("deduct-consumer");
		int replicas = ((Number) DeployFiles.at(consumer.object("Deployment", "deduct-consumer"), "spec.replicas")).intValue();
		int concurrency = Integer.parseInt(consumer.environment().get("PAYONCE_CONSUMER_CONCURRENCY"));
		int partitions = Integer.parseInt(this.compose.environment("topic-init").get("PAYONCE_PARTITIONS"));
		assertThat(partitions).isEqualTo(LocalStackConfig.DEFAULT_PARTITIONS);
		assertThat(replicas * concurrency).as("consumer threads (replicas x concurrency)").isLessThanOrEqualTo(partitions);
		// the note for whoever scales it
		assertThat(consumer.text().toLowerCase()).contains("idle").contains("partition");
	}

	@Test
	void theKustomizationListsEveryManifest() throws IOException {
		Map<String, Object> kustomization = DeployFiles.yaml(DeployFiles.k8sDir().resolve("kustomization.yaml"));
		List<String> resources = DeployFiles.list(kustomization.get("resources")).stream().map(String::valueOf).toList();
		try (Stream<Path> files = Files.list(DeployFiles.k8sDir())) {
			List<String> manifests = files.map(file -> file.getFileName().toString())
				.filter(name -> name.endsWith(".yaml") && !name.equals("kustomization.yaml"))
				.toList();
			assertThat(resources).containsExactlyInAnyOrderElementsOf(manifests);
		}
		for (String service : DeployFiles.SERVICES) {
			assertThat(resources).contains(service + ".yaml");
		}
	}

	private static void assertProbe(String service, Map<String, Object> container, String probe, String path,
			String portName, String port) {
		Map<String, Object> httpGet = DeployFiles.map(DeployFiles.at(container, probe + ".httpGet"));
		assertThat(httpGet.get("path")).as("%s %s", service, probe).isEqualTo(path);
		assertThat(String.valueOf(httpGet.get("port"))).as("%s %s", service, probe).isIn(portName, port);
	}

	/** One service's manifest file: infra/k8s/&lt;service&gt;.yaml. */
	record Manifest(String service, String text, List<Map<String, Object>> objects) {

		static Manifest of(String service) {
			Path file = DeployFiles.k8sDir().resolve(service + ".yaml");
			if (!Files.isRegularFile(file)) {
				throw new UncheckedIOException(new IOException("No manifest " + file));
			}
			return new Manifest(service, DeployFiles.read(file), DeployFiles.yamlDocuments(file));
		}

		Map<String, Object> object(String kind, String name) {
			return this.objects.stream()
				.filter(object -> kind.equals(object.get("kind")) && name.equals(DeployFiles.at(object, "metadata.name")))
				.findFirst()
				.orElse(Map.of());
		}

		Map<String, Object> podSpec() {
			return DeployFiles.map(DeployFiles.at(object("Deployment", this.service), "spec.template.spec"));
		}

		Map<String, Object> container() {
			return DeployFiles.list(podSpec().get("containers")).stream()
				.map(DeployFiles::map)
				.filter(container -> this.service.equals(container.get("name")))
				.findFirst()
				.orElseThrow(() -> new AssertionError(this.service + ": no container named " + this.service));
		}

		/** ConfigMap data + Secret stringData/data + the container's own env, as the pod sees it. */
		Map<String, String> environment() {
			Map<String, String> env = new LinkedHashMap<>();
			DeployFiles.map(object("ConfigMap", this.service + "-config").get("data"))
				.forEach((key, value) -> env.put(key, String.valueOf(value)));
			Map<String, Object> secret = object("Secret", this.service + "-secrets");
			DeployFiles.map(secret.get("stringData")).forEach((key, value) -> env.put(key, String.valueOf(value)));
			DeployFiles.map(secret.get("data")).forEach((key, value) -> env.put(key, String.valueOf(value)));
			for (Object entry : DeployFiles.list(container().get("env"))) {
				Map<String, Object> variable = DeployFiles.map(entry);
				env.put(String.valueOf(variable.get("name")), String.valueOf(variable.get("value")));
			}
			return env;
		}

	}

}
