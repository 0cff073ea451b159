package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;

/**
 * One KRaft node (broker and controller combined) in its own JVM, from the jars of
 * {@code org.apache.kafka:kafka_2.13}. The classpath is written at build time by maven-dependency-plugin into
 * {@code broker.classpath} beside this class.
 */
final class KafkaBroker extends ProcessNode implements KafkaNode {

	static final String NAME = "kafka";

	/** Identifies the broker's JVM by its command line (see {@link ProcessNode#stopRecorded}). */
	static final String COMMAND_MARKER = "-Dpayonce.node=kafka";

	private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(10);

	private final int port;

	private final int controllerPort;

	private final int partitions;

	/** One listener per service link of {@link FaultLinks}, advertised at the link's proxy; empty without links. */
	private final List<FaultLinks.KafkaListener> links;

	KafkaBroker(Path stackDir, int port, int controllerPort, int partitions) {
		this(stackDir, port, controllerPort, partitions, List.of());
	}

	KafkaBroker(Path stackDir, int port, int controllerPort, int partitions, List<FaultLinks.KafkaListener> links) {
		super(NAME, stackDir);
		this.port = port;
		this.controllerPort = controllerPort;
		this.partitions = partitions;
		this.links = List.copyOf(links);
	}

	@Override
	public String bootstrapServers() {
		return "127.0.0.1:" + this.port;
	}

	@Override
	List<Integer> ports() {
		List<Integer> ports = new ArrayList<>(List.of(this.port, this.controllerPort));
		this.links.forEach(link -> ports.add(link.port()));
		return ports;
	}

	@Override
	Duration startTimeout() {
		return Duration.ofSeconds(90);
	}

	private Path serverProperties() {
		return nodeDir().resolve("server.properties");
	}

	private Path log4jConfig() {
		return nodeDir().resolve("log4j2.properties");
	}

	private Path logDirs() {
		return nodeDir().resolve("logs");
	}

	@Override
	void prepare() {
		try {
			Files.writeString(serverProperties(), serverConfig(), StandardCharsets.UTF_8);
			Files.writeString(log4jConfig(), LOG4J_CONFIG, StandardCharsets.UTF_8);
			if (!Files.exists(logDirs().resolve("meta.properties"))) {
				// First start: format the storage with a fresh cluster id (restarts keep data and id).
				String clusterId = Uuid.randomUuid().toString();
				runToCompletion(javaCommand("kafka.tools.StorageTool", "format", "-t", clusterId, "-c",
						serverProperties().toString()), Duration.ofMinutes(2));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private String serverConfig() {
		Map<String, String> settings = brokerSettings("127.0.0.1", this.port, this.controllerPort, this.partitions,
				logDirs().toString());
		addLinkListeners(settings, this.links);
		return settings
			.entrySet()
			.stream()
			.map(entry -> entry.getKey() + "=" + entry.getValue())
			.collect(Collectors.joining("\n", "# written by io.payonce.infra.KafkaBroker at every start\n", "\n"));
	}

	/**
	 * The broker's settings, shared with the container of {@code PAYONCE_STACK=testcontainers}: clients always
	 * reach it at {@code 127.0.0.1:<port>}.
	 * @param bindHost where the listeners bind ({@code 0.0.0.0} inside a container)
	 * @param logDirs the data folder, or {@code null} to keep the broker's default
	 */
	static Map<String, String> brokerSettings(String bindHost, int port, int controllerPort, int partitions,
			String logDirs) {
		Map<String, String> config = new java.util.LinkedHashMap<>();
		config.put("node.id", "1");
		config.put("process.roles", "broker,controller");
		config.put("listeners", "PLAINTEXT://" + bindHost + ":" + port + ",CONTROLLER://" + bindHost + ":" + controllerPort);
		config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
		config.put("controller.listener.names", "CONTROLLER");
		config.put("inter.broker.listener.name", "PLAINTEXT");
		config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
		// Static quorum of one voter; "--standalone" (dynamic quorum) is not used on purpose.
		config.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
		if (logDirs != null) {
			config.put("log.dirs", logDirs);
		}
		// Topics are created by infra with the partitions the config asks for, never by a client's typo.
		config.put("auto.create.topics.enable", "false");
		config.put("num.partitions", Integer.toString(partitions));
		// One broker: every internal topic has replication factor 1, or the broker waits forever for more.
		config.put("offsets.topic.replication.factor", "1");
		config.put("offsets.topic.num.partitions", "10");
		config.put("transaction.state.log.replication.factor", "1");
		config.put("transaction.state.log.min.isr", "1");
		config.put("transaction.state.log.num.partitions", "10");
		config.put("share.coordinator.state.topic.replication.factor", "1");
		config.put("share.coordinator.state.topic.min.isr", "1");
		config.put("default.replication.factor", "1");
		config.put("min.insync.replicas", "1");
		// Consumers in tests should get their partitions at once, not after 3 s.
		config.put("group.initial.rebalance.delay.ms", "0");
		return config;
	}

	/**
	 * One more PLAINTEXT listener per link: bound on its own port, advertised at the link's proxy. A client that
	 * bootstraps through its proxy is told the proxy's address for every broker connection (Kafka answers with
	 * the endpoints of the listener a request came in on), so nothing of it bypasses the link.
	 */
	static void addLinkListeners(Map<String, String> settings, List<FaultLinks.KafkaListener> links) {
		if (links.isEmpty()) {
			return;
		}
		StringBuilder listeners = new StringBuilder(settings.get("listeners"));
		StringBuilder advertised = new StringBuilder(settings.get("advertised.listeners"));
		StringBuilder protocols = new StringBuilder(settings.get("listener.security.protocol.map"));
		for (FaultLinks.KafkaListener link : links) {
			listeners.append(',').append(link.name()).append("://127.0.0.1:").append(link.port());
			advertised.append(',').append(link.name()).append("://127.0.0.1:").append(link.advertisedPort());
			protocols.append(',').append(link.name()).append(":PLAINTEXT");
		}
		settings.put("listeners", listeners.toString());
		settings.put("advertised.listeners", advertised.toString());
		settings.put("listener.security.protocol.map", protocols.toString());
	}

	private static final String LOG4J_CONFIG = """
			# written by io.payonce.infra.KafkaBroker: everything to stdout, which goes to <dataDir>/kafka.log
			appender.stdout.type = Console
			appender.stdout.name = STDOUT
			appender.stdout.layout.type = PatternLayout
			appender.stdout.layout.pattern = [%d] %p %m (%c)%n
			rootLogger.level = INFO
			rootLogger.appenderRef.stdout.ref = STDOUT
			logger.kafka.name = kafka
			logger.kafka.level = INFO
			logger.state.name = state.change.logger
			logger.state.level = WARN
			logger.request.name = kafka.request.logger
			logger.request.level = WARN
			""";

	@Override
	List<String> command() {
		return javaCommand("kafka.Kafka", serverProperties().toString());
	}

	private List<String> javaCommand(String mainClass, String... args) {
		// The marker comes first: the JDK reads only the first 4 KB of a command line, the classpath is longer.
		List<String> command = new ArrayList<>(List.of(javaExecutable(), COMMAND_MARKER, "-Xms128m", "-Xmx512m", "-XX:+UseSerialGC",
				"-Djava.awt.headless=true", "-Dlog4j2.configurationFile=" + log4jConfig(), "-cp", brokerClasspath(),
				mainClass));
		command.addAll(Arrays.asList(args));
		return command;
	}

	private static String brokerClasspath() {
		try (InputStream in = KafkaBroker.class.getResourceAsStream("broker.classpath")) {
			if (in != null) {
				String classpath = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
				String first = classpath.split(java.io.File.pathSeparator)[0];
				if (Files.exists(Path.of(first))) {
					return classpath;
				}
				throw new NodeStartException("kafka: broker.classpath points at jars that do not exist (" + first
						+ "); rebuild infra: ./mvnw -pl infra install -DskipTests");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// Running from an IDE without the Maven-generated resource: the test classpath has the broker jars.
		String own = System.getProperty("java.class.path");
		if (own.contains("kafka_2.13")) {
			return own;
		}
		throw new NodeStartException("kafka: no broker classpath (io/payonce/infra/broker.classpath is missing and "
				+ "kafka_2.13 is not on this JVM's classpath); build infra with Maven");
	}

	@Override
	boolean probe() throws Exception {
		return probe(bootstrapServers());
	}

	/** {@code true} once the broker at {@code bootstrapServers} answers describeCluster with a node. */
	static boolean probe(String bootstrapServers) throws Exception {
		try (Admin admin = admin(bootstrapServers)) {
			return !admin.describeCluster().nodes().get(2, TimeUnit.SECONDS).isEmpty();
		}
	}

	@Override
	void afterReady() {
		createTopics();
	}

	@Override
	public void createTopics() {
		try {
			createTopics(bootstrapServers(), this.partitions);
		}
		catch (ExecutionException | java.util.concurrent.TimeoutException ex) {
			throw failure("could not create topics: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw failure("interrupted while creating topics", ex);
		}
	}

	/** Creates every {@link Topic} missing on the broker at {@code bootstrapServers}, RF 1. Idempotent. */
	static void createTopics(String bootstrapServers, int partitions)
			throws ExecutionException, java.util.concurrent.TimeoutException, InterruptedException {
		try (Admin admin = admin(bootstrapServers)) {
			Set<String> existing = admin.listTopics().names().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			List<NewTopic> missing = Arrays.stream(Topic.values())
				.map(Topic::topicName)
				.filter(name -> !existing.contains(name))
				.map(name -> new NewTopic(name, partitions, (short) 1))
				.collect(Collectors.toList());
			if (missing.isEmpty()) {
				return;
			}
			try {
				admin.createTopics(missing).all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (ExecutionException ex) {
				// Someone else created one in between: fine, as long as it exists now.
				if (!(ex.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
					throw ex;
				}
			}
		}
	}

	private static Admin admin(String bootstrapServers) {
		Properties props = new Properties();
		props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
		props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
		props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
		props.put(AdminClientConfig.CLIENT_ID_CONFIG, "payonce-local-stack");
		return Admin.create(props);
	}

}
