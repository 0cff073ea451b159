package io.payonce.e2e.deploy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.payonce.contract.Topic;
import io.payonce.infra.LocalStackConfig;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The broker of the compose stack is the Kafka the build compiles against, with the topics of the contract. */
class DeployKafkaAndTopicsMatchTheBuildTest {

	private final ComposeFile compose = ComposeFile.main();

	@Test
	void theBrokerImageIsTheKafkaVersionOfTheBuild() {
		// kafka-clients on this classpath comes from the Spring Boot BOM, as in every service
		String buildVersion = AppInfoParser.getVersion();
		assertThat(this.compose.service("kafka").get("image")).isEqualTo("apache/kafka:" + buildVersion);
		assertThat(this.compose.service("topic-init").get("image")).isEqualTo("apache/kafka:" + buildVersion);
	}

	@Test
	void topicInitCreatesExactlyTheTopicsOfTheContract() {
		Map<String, String> env = this.compose.environment("topic-init");
		List<String> created = Arrays.asList(env.get("PAYONCE_TOPICS").trim().split("\\s+"));
		assertThat(created).containsExactlyInAnyOrderElementsOf(
				Arrays.stream(Topic.values()).map(Topic::topicName).toList());
		assertThat(Integer.parseInt(env.get("PAYONCE_PARTITIONS"))).isEqualTo(LocalStackConfig.DEFAULT_PARTITIONS);
		String script = String.valueOf(DeployFiles.list(this.compose.service("topic-init").get("command")));
		assertThat(script).contains("--create", "--if-not-exists", "$${PAYONCE_TOPICS}", "$${PAYONCE_PARTITIONS}");
	}

	@Test
	void theBrokerCreatesNoTopicByAccidentAndSupportsTransactionsOnOneNode() {
		Map<String, String> env = this.compose.environment("kafka");
		assertThat(env).containsEntry("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false")
			.containsEntry("KAFKA_PROCESS_ROLES", "broker,controller")
			// exactly_once_v2 (dlt-handler) and read_committed (consumer) need the transaction log
			.containsEntry("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
			.containsEntry("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
			.containsEntry("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1");
		assertThat(env.get("KAFKA_NUM_PARTITIONS")).isEqualTo(String.valueOf(LocalStackConfig.DEFAULT_PARTITIONS));
	}

	@Test
	void everyServiceIsToldWhereKafkaIsBecauseEveryOnePublishesTimelineFacts() {
		// ops' TimelinePublisher (issue 17) runs in every service that depends on ops; without the bootstrap servers
		// it would send to localhost, fail quietly, and the ops timeline would miss that service's steps. The k8s
		// manifests carry the same names (DeployKubernetesManifestsTest).
		for (String service : DeployFiles.SERVICES) {
			assertThat(DeployFiles.read(DeployFiles.root().resolve(service).resolve("pom.xml"))).as(service)
				.contains("<artifactId>payonce-ops</artifactId>");
			assertThat(this.compose.environment(service)).as(service).containsKey("SPRING_KAFKA_BOOTSTRAP_SERVERS");
		}
	}

	@Test
	void everyClientUsesTheInternalListenerAndTheHostGetsTheLocalStackPort() {
		Map<String, String> env = this.compose.environment("kafka");
		String internal = Arrays.stream(env.get("KAFKA_ADVERTISED_LISTENERS").split(","))
			.filter(listener -> listener.startsWith("PLAINTEXT://"))
			.map(listener -> listener.substring("PLAINTEXT://".length()))
			.findFirst()
			.orElseThrow();
		for (String service : DeployFiles.SERVICES) {
			String bootstrap = this.compose.environment(service).get("SPRING_KAFKA_BOOTSTRAP_SERVERS");
			if (bootstrap != null) {
				assertThat(bootstrap).as(service).isEqualTo(internal);
			}
		}
		assertThat(env.get("KAFKA_ADVERTISED_LISTENERS"))
			.contains("//localhost:" + LocalStackConfig.DEFAULT_KAFKA_PORT);
		assertThat(this.compose.ports("kafka")).anySatisfy(port -> assertThat(port)
			.containsExactly(String.valueOf(LocalStackConfig.DEFAULT_KAFKA_PORT), String.valueOf(LocalStackConfig.DEFAULT_KAFKA_PORT)));
		assertThat(this.compose.ports("db")).anySatisfy(port -> assertThat(port[0])
			.isEqualTo(String.valueOf(LocalStackConfig.DEFAULT_MARIADB_PORT)));
		assertThat(this.compose.ports("redis")).anySatisfy(port -> assertThat(port[0])
			.isEqualTo(String.valueOf(LocalStackConfig.DEFAULT_REDIS_PORT)));

		// Kafka UI: its config file is the mounted one and points at the same listener
		String configPath = this.compose.environment("kafka-ui").get("SPRING_CONFIG_ADDITIONAL_LOCATION");
		String[] mount = this.compose.volumes("kafka-ui").stream()
			.filter(volume -> volume[1].equals(configPath))
			.findFirst()
			.orElseThrow(() -> new AssertionError("kafka-ui config " + configPath + " is not mounted"));
		Map<String, Object> uiConfig = DeployFiles.yaml(this.compose.resolveFromProject(mount[0]));
		Map<String, Object> cluster = DeployFiles.map(DeployFiles.list(DeployFiles.at(uiConfig, "kafka.clusters")).get(0));
		assertThat(cluster.get("bootstrapServers")).isEqualTo(internal);
	}

}
