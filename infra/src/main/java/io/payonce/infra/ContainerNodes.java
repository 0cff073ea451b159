package io.payonce.infra;

import java.util.List;
import java.util.Set;

import org.testcontainers.DockerClientFactory;

/**
 * Creates the containers of {@code PAYONCE_STACK=testcontainers}; the only class besides the nodes that refers to
 * Testcontainers, reached through {@link ContainerStack} once the dependency is known to be there.
 */
final class ContainerNodes {

	/** Host names under which a port published on 127.0.0.1 is this machine's. */
	private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "0:0:0:0:0:0:0:1", "::1");

	private ContainerNodes() {
	}

	/**
	 * Testcontainers' own look-up of a Docker engine (environment, socket, ~/.testcontainers.properties). The nodes
	 * are addressed as 127.0.0.1 by every test, so the engine must publish ports on this machine (a local engine or
	 * Docker Desktop, not a remote DOCKER_HOST).
	 */
	static void checkDocker() {
		DockerClientFactory docker = DockerClientFactory.instance();
		docker.client();
		String host = docker.dockerHostIpAddress();
		if (!LOCAL_HOSTS.contains(host)) {
			throw new IllegalStateException("the Docker engine publishes ports on " + host + ", not on this machine;"
					+ " the tests reach every node at 127.0.0.1, so a remote DOCKER_HOST cannot serve them");
		}
	}

	/**
	 * Starts the three containers (Kafka first, the slowest, without waiting; then the database and Redis), waits
	 * for each, runs the init script and creates the topics. On failure every container is removed again.
	 */
	static LocalStack start(LocalStackConfig config, StackOptions options) {
		ContainerKafka kafka = new ContainerKafka(config.dataDir(), config.kafkaPort(), config.kafkaControllerPort(),
				config.partitions());
		ContainerDatabase database = new ContainerDatabase(config.dataDir(), config.mariaDbPort(), options.database());
		ContainerRedis redis = new ContainerRedis(config.dataDir(), config.redisPort());
		List<ContainerNode> nodes = List.of(kafka, database, redis);
		Runnable release = () -> nodes.forEach(ContainerNodes::disposeQuietly);
		try {
			kafka.launch();
			database.start();
			redis.start();
			kafka.awaitReady(kafka.startTimeout());
			kafka.afterReady();
			return LocalStack.assemble(config, options, kafka, database, redis, release);
		}
		catch (RuntimeException ex) {
			release.run();
			throw ex;
		}
	}

	private static void disposeQuietly(ContainerNode node) {
		try {
			node.dispose();
		}
		catch (RuntimeException ex) {
			// best effort at the end of a JVM; Ryuk removes what is left
		}
	}

}
