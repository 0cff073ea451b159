package io.payonce.infra;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The Testcontainers switch without a Docker engine: clear failures, never a hang. Starts no container. */
class ContainerStackTest {

	@Test
	void dockerCheckThatHangsFailsAfterTheTimeoutWithAClearMessage() {
		assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThatThrownBy(
				() -> ContainerStack.requireDocker(() -> Thread.sleep(Duration.ofHours(1).toMillis()),
						Duration.ofSeconds(1)))
			.isInstanceOf(NodeStartException.class)
			.hasMessageContaining("PAYONCE_STACK=testcontainers, but no Docker engine answered within 1 s")
			.hasMessageContaining("unset PAYONCE_STACK"));
	}

	@Test
	void dockerCheckThatFailsPassesItsReasonOn() {
		assertThatThrownBy(() -> ContainerStack.requireDocker(() -> {
			throw new IllegalStateException("Could not find a valid Docker environment");
		}, Duration.ofSeconds(5))).isInstanceOf(NodeStartException.class)
			.hasMessageContaining("no usable Docker engine: Could not find a valid Docker environment")
			.hasMessageContaining("docs/testcontainers.md");
	}

	@Test
	void missingTestcontainersDependencyIsNamed() {
		assertThatThrownBy(() -> ContainerStack.requireClass(getClass().getClassLoader(), "org.example.NoSuchClass"))
			.isInstanceOf(NodeStartException.class)
			.hasMessageContaining("Testcontainers is not on the test classpath")
			.hasMessageContaining("org.testcontainers:testcontainers");
		ContainerStack.requireTestcontainers(getClass().getClassLoader());
	}

	/** The real switch, as an IT's {@code LocalStack.shared()} meets it on a machine without Docker (like this one). */
	@Test
	void sharedStackWithTheSwitchOnAndNoDockerFailsFast() {
		assumeTrue(noDockerEngineInSight(), "a Docker engine may be here: this test would start containers");
		String before = System.getProperty(StackOptions.STACK_PROPERTY);
		System.setProperty(StackOptions.STACK_PROPERTY, "testcontainers");
		try {
			assertTimeoutPreemptively(Duration.ofSeconds(90), () -> assertThatThrownBy(LocalStack::shared)
				.isInstanceOf(NodeStartException.class)
				.hasMessageStartingWith("PAYONCE_STACK=testcontainers, but no")
				.hasMessageContaining("Docker engine"));
		}
		finally {
			if (before == null) {
				System.clearProperty(StackOptions.STACK_PROPERTY);
			}
			else {
				System.setProperty(StackOptions.STACK_PROPERTY, before);
			}
		}
	}

	private static boolean noDockerEngineInSight() {
		Path home = Path.of(System.getProperty("user.home"));
		return System.getenv("DOCKER_HOST") == null && System.getenv("TESTCONTAINERS_HOST_OVERRIDE") == null
				&& !Files.exists(Path.of("/var/run/docker.sock")) && !Files.exists(home.resolve(".docker/run/docker.sock"))
				&& !Files.exists(home.resolve(".testcontainers.properties"))
				&& !Files.exists(Path.of("/run/user/" + uid() + "/docker.sock"));
	}

	private static String uid() {
		try {
			return Files.getAttribute(Path.of(System.getProperty("user.home")), "unix:uid").toString();
		}
		catch (Exception ex) {
			return "0";
		}
	}

	@Test
	void kafkaContainerGetsTheLocalBrokerSettingsAsEnvironment() {
		Map<String, String> env = ContainerKafka.environment(29092, 29093, 6);

		assertThat(env).containsEntry("KAFKA_LISTENERS", "PLAINTEXT://0.0.0.0:29092,CONTROLLER://0.0.0.0:29093")
			.containsEntry("KAFKA_ADVERTISED_LISTENERS", "PLAINTEXT://127.0.0.1:29092")
			.containsEntry("KAFKA_CONTROLLER_QUORUM_VOTERS", "1@127.0.0.1:29093")
			.containsEntry("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false")
			.containsEntry("KAFKA_NUM_PARTITIONS", "6")
			.containsKey("CLUSTER_ID");
		assertThat(ContainerKafka.environmentName("a_b-c.d")).isEqualTo("KAFKA_A__B___C_D");
	}

	@Test
	void bothInitScriptsArePackaged() {
		assertThat(ContainerDatabase.class.getResource(ContainerDatabase.initScript(StackOptions.Database.MARIADB)))
			.isNotNull();
		assertThat(ContainerDatabase.class.getResource(ContainerDatabase.initScript(StackOptions.Database.MYSQL)))
			.isNotNull();
	}

	@Test
	void mysqlStackPointsTheRelayAtItsConnectorAndTheDefaultDoesNot() {
		StackOptions mysql = new StackOptions(StackOptions.Mode.TESTCONTAINERS, StackOptions.Database.MYSQL);

		assertThat(stack(mysql).serviceEnvironment("outbox-relay")).containsEntry("PAYONCE_RELAY_FLAVOUR", "MYSQL");
		assertThat(stack(StackOptions.LOCAL).serviceEnvironment("outbox-relay")).doesNotContainKey("PAYONCE_RELAY_FLAVOUR");
	}

	private static LocalStack stack(StackOptions options) {
		LocalStackConfig config = LocalStackConfig.defaults(Path.of("target/unused"));
		return LocalStack.assemble(config, options, stub(KafkaNode.class), stub(MariaDbNode.class),
				stub(RedisNode.class), () -> {
				});
	}

	private static <T> T stub(Class<T> type) {
		return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
			if (method.getReturnType() == int.class) {
				return 1;
			}
			return method.getReturnType() == String.class ? "stub" : null;
		}));
	}

}
