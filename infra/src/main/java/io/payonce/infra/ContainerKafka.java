package io.payonce.infra;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.common.Uuid;

/**
 * The Kafka node of {@code PAYONCE_STACK=testcontainers}: {@value #IMAGE} (KRaft, broker and controller
 * combined) configured by environment with the very settings of the local broker
 * ({@link KafkaBroker#brokerSettings}), listening on 0.0.0.0 inside the container and advertising
 * {@code 127.0.0.1:<port>}, published under the same port number. The controller port is not published.
 */
final class ContainerKafka extends ContainerNode implements KafkaNode {

	static final String IMAGE = "apache/kafka:4.1.2";

	/** The image's own default data folder; it lives in the container and survives stop/start. */
	private static final String LOG_DIRS = "/tmp/kraft-combined-logs";

	private final int port;

	private final int partitions;

	ContainerKafka(Path stackDir, int port, int controllerPort, int partitions) {
		super(KafkaBroker.NAME, stackDir, List.of(port), IMAGE,
				container -> container.withEnv(environment(port, controllerPort, partitions)));
		this.port = port;
		this.partitions = partitions;
	}

	/**
	 * The image reads {@code KAFKA_<SETTING>} variables ({@code .} becomes {@code _}, {@code _} becomes
	 * {@code __}, {@code -} becomes {@code ___}); {@code CLUSTER_ID} formats the storage on the first start.
	 */
	static Map<String, String> environment(int port, int controllerPort, int partitions) {
		Map<String, String> env = new LinkedHashMap<>();
		KafkaBroker.brokerSettings("0.0.0.0", port, controllerPort, partitions, LOG_DIRS)
			.forEach((key, value) -> env.put(environmentName(key), value));
		env.put("CLUSTER_ID", Uuid.randomUuid().toString());
		env.put("KAFKA_HEAP_OPTS", "-Xms128m -Xmx512m");
		return env;
	}

	static String environmentName(String setting) {
		return "KAFKA_" + setting.replace("_", "__").replace("-", "___").replace('.', '_').toUpperCase(java.util.Locale.ROOT);
	}

	@Override
	public String bootstrapServers() {
		return "127.0.0.1:" + this.port;
	}

	@Override
	Duration startTimeout() {
		return Duration.ofSeconds(90);
	}

	@Override
	boolean probe() throws Exception {
		return KafkaBroker.probe(bootstrapServers());
	}

	@Override
	void afterReady() {
		createTopics();
	}

	@Override
	public void createTopics() {
		try {
			KafkaBroker.createTopics(bootstrapServers(), this.partitions);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw failure("could not create topics: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw failure("interrupted while creating topics", ex);
		}
	}

}
