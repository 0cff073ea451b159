package io.payonce.e2e.deploy;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Start-up order by health: every long-running container has a health check, every dependency waits for
 * health (or for completion of a one-shot job), and every service waits for what its own settings point at.
 */
class DeployStartsInHealthOrderTest {

	private static final Pattern HOST_PORT = Pattern.compile("(?:^|//|,)([a-z][a-z0-9-]*):(\\d+)");

	private final ComposeFile compose = ComposeFile.main();

	@Test
	void everyLongRunningServiceHasAHealthCheck() {
		List<String> missing = new ArrayList<>();
		for (String service : this.compose.serviceNames()) {
			if (!this.compose.isOneShot(service) && this.compose.healthcheck(service) == null) {
				missing.add(service);
			}
		}
		assertThat(missing).as("services without a health check").isEmpty();
		assertThat(this.compose.serviceNames()).containsAll(DeployFiles.SERVICES)
			.contains("kafka", "db", "redis", "kafka-ui", "topic-init");
	}

	@Test
	void everyDependencyWaitsForHealthOrCompletion() {
		List<String> wrong = new ArrayList<>();
		for (String service : this.compose.serviceNames()) {
			for (Map.Entry<String, String> dependency : this.compose.dependsOn(service).entrySet()) {
				String target = dependency.getKey();
				String expected = this.compose.serviceNames().contains(target) && this.compose.isOneShot(target)
						? "service_completed_successfully" : "service_healthy";
				if (!this.compose.serviceNames().contains(target)) {
					wrong.add(service + " depends on unknown " + target);
				}
				else if (!expected.equals(dependency.getValue())) {
					wrong.add(service + " -> " + target + ": " + dependency.getValue() + ", expected " + expected);
				}
				else if (expected.equals("service_healthy") && this.compose.healthcheck(target) == null) {
					wrong.add(service + " waits for the health of " + target + ", which has no health check");
				}
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void eachServiceWaitsForEveryHostItsSettingsPointAt() {
		List<String> missing = new ArrayList<>();
		for (String service : DeployFiles.SERVICES) {
			Set<String> used = usedServices(service);
			Set<String> waitedFor = this.compose.dependsOn(service).keySet();
			for (String host : used) {
				if (!waitedFor.contains(host)) {
					missing.add(service + " uses " + host + " but does not wait for it");
				}
			}
			// Topic auto-creation is off: whoever talks to Kafka waits for the topics.
			if (used.contains("kafka") && !waitedFor.contains("topic-init")) {
				missing.add(service + " uses Kafka but does not wait for topic-init");
			}
		}
		assertThat(missing).isEmpty();
		// the derivation itself sees what it should
		assertThat(usedServices("deduct-consumer")).containsExactlyInAnyOrder("db", "kafka", "redis");
		assertThat(usedServices("producer-gateway")).containsExactlyInAnyOrder("db", "kafka");
	}

	@Test
	void volumesAreNamedAndDeclaredAndMountedFilesExist() {
		List<String> wrong = new ArrayList<>();
		for (String service : this.compose.serviceNames()) {
			for (String[] volume : this.compose.volumes(service)) {
				String source = volume[0];
				if (source.startsWith(".") || source.startsWith("/")) {
					if (!Files.exists(this.compose.resolveFromProject(source))) {
						wrong.add(service + " mounts missing " + source);
					}
				}
				else if (!this.compose.declaredVolumes().contains(source)) {
					wrong.add(service + " uses undeclared volume " + source);
				}
			}
		}
		assertThat(wrong).isEmpty();
		// state that must survive a restart lives in named volumes
		for (String stateful : List.of("kafka", "db", "dlt-handler", "dlt-handler-2")) {
			assertThat(this.compose.volumes(stateful)).as(stateful)
				.anySatisfy(volume -> assertThat(this.compose.declaredVolumes()).contains(volume[0]));
		}
	}

	@Test
	void theDltStateLivesOnItsVolumeAndTheConsoleInKafka() {
		Map<String, String> env = this.compose.environment("dlt-handler");
		String mount = this.compose.volumes("dlt-handler").stream()
			.filter(volume -> volume[0].equals("dlt-data"))
			.map(volume -> volume[1])
			.findFirst()
			.orElseThrow();
		assertThat(env.get("PAYONCE_DLT_STREAMS_STATE_DIR")).startsWith(mount + "/");
		// the audit trail is a topic both instances share, not a file of one
		assertThat(env).containsKey("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC").doesNotContainKey("PAYONCE_DLT_CONSOLE_AUDIT_FILE");
	}

	@Test
	void gracefulShutdownIsOnAndTheContainerWaitsLongerThanTheShutdownPhase() {
		for (String service : DeployFiles.SERVICES) {
			Map<String, String> env = this.compose.environment(service);
			assertThat(env).as(service).containsEntry("SERVER_SHUTDOWN", "graceful");
			long phase = Durations.seconds(env.get("SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE"));
			Object grace = this.compose.service(service).get("stop_grace_period");
			assertThat(grace).as("%s stop_grace_period", service).isNotNull();
			assertThat(Durations.seconds(String.valueOf(grace))).as(service).isGreaterThan(phase);
		}
	}

	/** Other compose services named as host:port in this service's environment values. */
	private Set<String> usedServices(String service) {
		Set<String> used = new LinkedHashSet<>();
		Map<String, String> env = this.compose.environment(service);
		for (Map.Entry<String, String> entry : env.entrySet()) {
			// the console's overview screen watches every service, itself too, and shows one that is down as such:
			// watching is not depending (waiting for them would be circular)
			if (entry.getKey().startsWith("PAYONCE_DLT_OVERVIEW_TARGETS_")) {
				continue;
			}
			String value = entry.getValue();
			Matcher hostPort = HOST_PORT.matcher(value);
			while (hostPort.find()) {
				if (this.compose.serviceNames().contains(hostPort.group(1))) {
					used.add(hostPort.group(1));
				}
			}
		}
		// the relay's database is host + port in two variables
		String relayHost = env.get("PAYONCE_RELAY_DATABASE_HOST");
		if (relayHost != null && this.compose.serviceNames().contains(relayHost)) {
			used.add(relayHost);
		}
		return used;
	}

}
