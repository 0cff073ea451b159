package io.payonce.e2e.deploy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose files are the local stack in containers, with its published secrets: nothing in them is reachable
 * from another machine, and the one tool that could write to Kafka around every guard cannot.
 */
class DeployComposeIsLocalOnlyTest {

	@Test
	void everyPublishedPortIsBoundToLoopback() {
		for (ComposeFile file : List.of(ComposeFile.main(), ComposeFile.mysqlOverride())) {
			for (String service : file.serviceNames()) {
				assertThat(file.portEntries(service)).as("%s %s", file.file().getFileName(), service)
					.allSatisfy(entry -> assertThat(entry).matches("127\\.0\\.0\\.1:\\d+:\\d+"));
			}
		}
		// and the services really publish something to check (the UI, the callbacks, the databases)
		assertThat(ComposeFile.main().ports("producer-gateway")).isNotEmpty();
		assertThat(ComposeFile.main().ports("kafka-ui")).isNotEmpty();
	}

	@Test
	void theServicesRunTheLocalProfileHere() {
		ComposeFile compose = ComposeFile.main();
		for (String service : DeployFiles.SERVICES) {
			assertThat(compose.environment(service)).as(service).containsEntry("SPRING_PROFILES_ACTIVE", "local");
		}
	}

	@Test
	void kafkaUiIsReadOnlyAndAsksForALogin() {
		ComposeFile compose = ComposeFile.main();
		Map<String, String> env = compose.environment("kafka-ui");
		assertThat(env).containsEntry("AUTH_TYPE", "LOGIN_FORM").containsKeys("SPRING_SECURITY_USER_NAME",
				"SPRING_SECURITY_USER_PASSWORD");
		String config = compose.volumes("kafka-ui").stream()
			.filter(volume -> volume[1].equals(env.get("SPRING_CONFIG_ADDITIONAL_LOCATION")))
			.map(volume -> volume[0])
			.findFirst()
			.orElseThrow();
		Map<String, Object> ui = DeployFiles.yaml(compose.resolveFromProject(config));
		assertThat(DeployFiles.list(DeployFiles.at(ui, "kafka.clusters"))).isNotEmpty()
			.allSatisfy(cluster -> assertThat(DeployFiles.map(cluster).get("readOnly")).isEqualTo(true));
	}

}
