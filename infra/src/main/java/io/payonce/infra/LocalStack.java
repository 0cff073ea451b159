package io.payonce.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kafka (KRaft), MariaDB (binlog ROW) and Redis as real processes, from Maven Central artifacts only: what the
 * integration tests, the e2e tests and {@code ./payonce up} run against. No Docker, no root, no apt.
 *
 * <pre>
 * try (LocalStack stack = LocalStack.start(LocalStackConfig.freePorts(dir))) { ... }   // owns its processes
 * LocalStack stack = LocalStack.shared();                                          // one per test JVM
 * </pre>
 *
 * <p>
 * {@code PAYONCE_STACK=testcontainers} (or {@code -Dpayonce.stack=testcontainers}) makes {@link #shared()} run the
 * same nodes as Docker containers instead, with MariaDB or ({@code PAYONCE_STACK_DB=mysql}) MySQL: see
 * {@link StackOptions} and docs/testcontainers.md. Without the switch nothing changes.
 */
public final class LocalStack implements AutoCloseable {

	/** The services of DESIGN.md and the payment platform simulator, as named in {@link #serviceEnvironment(String)}. */
	public static final List<String> SERVICES = List.of("producer-gateway", "outbox-relay", "deduct-consumer",
			"dlt-handler", "reconciliation", "platform-simulator");

	/** The services' profile that carries every local convenience (and that production never runs). */
	public static final String LOCAL_PROFILE = "local";

	/** The gateway's lookup connector ({@code payonce.gateway.lookup.port}). */
	public static final String GATEWAY_LOOKUP_PORT = "PAYONCE_GATEWAY_LOOKUP_PORT";

	private static LocalStack shared;

	private final LocalStackConfig config;

	private final StackOptions options;

	private final KafkaNode kafka;

	private final MariaDbNode mariaDb;

	private final RedisNode redis;

	/** Runs once at the end of the test JVM after {@link #close()}: removes containers; nothing for processes. */
	private final Runnable release;

	/** The proxies between services and stores, or {@code null} for a stack without them. */
	private final FaultLinks links;

	private LocalStack(LocalStackConfig config, StackOptions options, KafkaNode kafka, MariaDbNode mariaDb,
			RedisNode redis, Runnable release, FaultLinks links) {
		this.config = config;
		this.options = options;
		this.kafka = kafka;
		this.mariaDb = mariaDb;
		this.redis = redis;
		this.release = release;
		this.links = links;
	}

	/** A stack of nodes started elsewhere (the containers of {@link ContainerNodes}). */
	static LocalStack assemble(LocalStackConfig config, StackOptions options, KafkaNode kafka, MariaDbNode mariaDb,
			RedisNode redis, Runnable release) {
		return new LocalStack(config, options, kafka, mariaDb, redis, release, null);
	}

	/**
	 * Starts all three nodes (keeping any data already in {@code config.dataDir()}), creates schemas, users and
	 * topics, and returns once each answers a real request. On failure whatever did start is stopped again.
	 * @throws NodeStartException naming the node, its port and the end of its log
	 */
	public static LocalStack start(LocalStackConfig config) {
		return start(config, false);
	}

	/**
	 * {@link #start(LocalStackConfig)} with a {@link FaultLinks fault proxy} on every link between a service and a
	 * store: {@link #serviceEnvironment(String)} then points each service at its own proxies, which a fault test
	 * slows down, cuts or partitions ({@link #faultLinks()}).
	 */
	public static LocalStack startWithFaultLinks(LocalStackConfig config) {
		return start(config, true);
	}

	private static LocalStack start(LocalStackConfig config, boolean withLinks) {
		FaultLinks links = withLinks ? FaultLinks.open(config) : null;
		KafkaBroker kafka = new KafkaBroker(config.dataDir(), config.kafkaPort(), config.kafkaControllerPort(),
				config.partitions(), links == null ? List.of() : links.kafkaListeners());
		MariaDbServer mariaDb = new MariaDbServer(config.dataDir(), config.mariaDbPort());
		RedisServer redis = new RedisServer(config.dataDir(), config.redisPort());
		LocalStack stack = new LocalStack(config, StackOptions.LOCAL, kafka, mariaDb, redis, () -> {
		}, links);
		try {
			Files.createDirectories(config.dataDir());
			// The broker JVM takes longest to boot: let it do so while MariaDB and Redis start.
			kafka.launch();
			mariaDb.start();
			redis.start();
			kafka.awaitReady(kafka.startTimeout());
			kafka.afterReady();
			return stack;
		}
		catch (IOException ex) {
			stack.close();
			throw new UncheckedIOException("Cannot create " + config.dataDir(), ex);
		}
		catch (RuntimeException ex) {
			stack.close();
			throw ex;
		}
	}

	/**
	 * The stack shared by every integration test of this JVM: a temporary folder, free ports, stopped (and its
	 * folder deleted) by a shutdown hook. Tests must not stop it; they may kill, pause and restart single nodes
	 * if they start them again.
	 *
	 * <p>
	 * With {@code PAYONCE_STACK=testcontainers} ({@link StackOptions}) the same nodes run as Docker containers;
	 * without a Docker engine that fails at once with a {@link NodeStartException} saying so. With the system
	 * property {@code payonce.stack.fault-links=true} (the e2e tests) the stack has {@link FaultLinks}.
	 * @throws IllegalArgumentException if {@code PAYONCE_STACK} or {@code PAYONCE_STACK_DB} has an unknown value
	 */
	public static synchronized LocalStack shared() {
		if (shared == null) {
			StackOptions options = StackOptions.current();
			if (options.mode() == StackOptions.Mode.TESTCONTAINERS) {
				shared = ContainerStack.shared(options);
			}
		}
		if (shared == null) {
			stopOrphanedSharedStacks();
			Path dir;
			try {
				dir = Files.createTempDirectory(SHARED_PREFIX);
				Files.writeString(dir.resolve(OWNER_FILE), ProcessHandle.current().pid() + "\n");
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			LocalStack stack = start(LocalStackConfig.freePorts(dir), Boolean.getBoolean(FAULT_LINKS_PROPERTY));
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				stack.close();
				Binaries.deleteRecursively(dir);
			}, "payonce-local-stack-stop"));
			shared = stack;
		}
		return shared;
	}

	private static final String SHARED_PREFIX = "payonce-stack-";

	/** System property: {@code true} gives {@link #shared()} {@link FaultLinks}. */
	public static final String FAULT_LINKS_PROPERTY = "payonce.stack.fault-links";

	/** The PID of the JVM that owns a shared stack; its shutdown hook stops the stack. */
	private static final String OWNER_FILE = "owner.pid";

	/**
	 * A test JVM killed with SIGKILL (e.g. a fork timeout) never runs its shutdown hook, and its stack would run
	 * on. Stops the nodes of every shared stack whose owner JVM is gone; stacks of live JVMs are left alone.
	 */
	static void stopOrphanedSharedStacks() {
		Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
		try (java.util.stream.Stream<Path> dirs = Files.list(tmp)) {
			dirs.filter(dir -> dir.getFileName().toString().startsWith(SHARED_PREFIX))
				.filter(dir -> Files.exists(dir.resolve(OWNER_FILE)))
				.filter(dir -> ProcessNode.recorded(dir.resolve(OWNER_FILE), "").isEmpty())
				.forEach(dir -> {
					ProcessNode.stopRecorded(dir, KafkaBroker.NAME, KafkaBroker.COMMAND_MARKER);
					ProcessNode.stopRecorded(dir, RedisServer.NAME, "redis-server");
					ProcessNode.stopRecorded(dir, MariaDbServer.NAME, "mariadbd");
					Binaries.deleteRecursively(dir);
				});
		}
		catch (IOException | UncheckedIOException ex) {
			// best effort: a stack we cannot clean up does not stop this one from starting
		}
	}

	public KafkaNode kafka() {
		return this.kafka;
	}

	public MariaDbNode mariaDb() {
		return this.mariaDb;
	}

	public RedisNode redis() {
		return this.redis;
	}

	/**
	 * The proxies between the services and the stores.
	 * @throws IllegalStateException if this stack was started without them
	 */
	public FaultLinks faultLinks() {
		if (this.links == null) {
			throw new IllegalStateException("this stack has no fault links: start it with startWithFaultLinks, or the"
					+ " shared stack with -D" + FAULT_LINKS_PROPERTY + "=true");
		}
		return this.links;
	}

	public boolean hasFaultLinks() {
		return this.links != null;
	}

	public Path dataDir() {
		return this.config.dataDir();
	}

	public LocalStackConfig config() {
		return this.config;
	}

	/** Local processes or containers, MariaDB or MySQL; {@link StackOptions#LOCAL} for {@link #start}. */
	public StackOptions options() {
		return this.options;
	}

	/** Ends the stack for good at the end of the JVM, after {@link #close()}: removes its containers, if any. */
	void release() {
		this.release.run();
	}

	/**
	 * Environment variables that point a service at this stack (docs/conventions.md): the {@code local} profile
	 * for all (the published local secrets and users are accepted only under it), Kafka for all, its own
	 * schema, runtime user and Flyway (owner) user for the gateway, the consumer and the reconciliation, Redis for the
	 * consumer, the CDC account for the relay, a Kafka Streams state folder inside the stack's data dir for the
	 * dlt-handler and reconciliation.
	 * @param service one of {@link #SERVICES}
	 */
	public Map<String, String> serviceEnvironment(String service) {
		Map<String, String> env = new LinkedHashMap<>();
		env.put("SPRING_PROFILES_ACTIVE", LOCAL_PROFILE);
		env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", via(service, FaultLinks.Store.KAFKA).orElse(this.kafka.bootstrapServers()));
		switch (service) {
			case "producer-gateway":
				putDataSource(env, service, LocalDatabase.GATEWAY_APP, LocalDatabase.GATEWAY);
				// the ops lookup's own connector: a free port, so that two gateways never collide
				env.put(GATEWAY_LOOKUP_PORT, Integer.toString(LocalStackConfig.freePort()));
				break;
			case "deduct-consumer":
				putDataSource(env, service, LocalDatabase.TRADE_APP, LocalDatabase.TRADE);
				env.put("PAYONCE_CONSUMER_REDIS_ADDRESS",
						via(service, FaultLinks.Store.REDIS).map(address -> "redis://" + address).orElse(this.redis.address()));
				break;
			case "outbox-relay":
				env.put("PAYONCE_RELAY_DATABASE_HOST", "127.0.0.1");
				env.put("PAYONCE_RELAY_DATABASE_PORT", Integer.toString(mariaDbPort(service)));
				env.put("PAYONCE_RELAY_DATABASE_USER", LocalDatabase.CDC.user());
				env.put("PAYONCE_RELAY_DATABASE_PASSWORD", LocalDatabase.CDC.password());
				if (this.options.database() != StackOptions.Database.MARIADB) {
					env.put("PAYONCE_RELAY_FLAVOUR", this.options.database().relayFlavour());
				}
				break;
			case "dlt-handler":
				// Its own RocksDB folder per stack: two handlers on one machine must not share the state lock.
				env.put("PAYONCE_DLT_STREAMS_STATE_DIR", dataDir().resolve("dlt-handler-streams").toString());
				break;
			case "reconciliation":
				// The trade schema (ledger audit, reversals) with its own account; its table migrates as the owner.
				putDataSource(env, service, LocalDatabase.RECONCILIATION, LocalDatabase.TRADE);
				env.put("PAYONCE_RECONCILIATION_STREAMS_STATE_DIR",
						dataDir().resolve("reconciliation-streams").toString());
				break;
			case "platform-simulator":
				// Fast retry schedule; callbacks go to its default gateway URL, localhost:8081 (./payonce's gateway).
				// Tests whose gateway has another port use e2e-tests' SimulatorProcess.
				env.put("SPRING_PROFILES_ACTIVE", "local");
				env.put("PAYONCE_SIMULATOR_DATA_DIR", dataDir().resolve("platform-simulator").toString());
				break;
			default:
				throw new IllegalArgumentException("Unknown service '" + service + "', expected one of " + SERVICES);
		}
		return env;
	}

	/** {@code 127.0.0.1:<proxy port>} of the service's link to a store, if this stack has links. */
	private java.util.Optional<String> via(String service, FaultLinks.Store store) {
		if (this.links == null) {
			return java.util.Optional.empty();
		}
		return this.links.link(service, store).map(FaultProxy::address);
	}

	private int mariaDbPort(String service) {
		if (this.links == null) {
			return this.mariaDb.port();
		}
		return this.links.link(service, FaultLinks.Store.MARIADB).map(FaultProxy::port).orElse(this.mariaDb.port());
	}

	/**
	 * The runtime user as the data source, the schema's owner as Flyway's user; through the service's link to
	 * MariaDB if this stack has links.
	 */
	private void putDataSource(Map<String, String> env, String service, LocalDatabase runtime, LocalDatabase owner) {
		env.put("SPRING_DATASOURCE_URL", "jdbc:mariadb://127.0.0.1:" + mariaDbPort(service) + "/" + runtime.schema());
		env.put("SPRING_DATASOURCE_USERNAME", runtime.user());
		env.put("SPRING_DATASOURCE_PASSWORD", runtime.password());
		env.put("SPRING_FLYWAY_USER", owner.user());
		env.put("SPRING_FLYWAY_PASSWORD", owner.password());
	}

	/** Every node of this stack, in start order. */
	List<ManagedNode> nodes() {
		return List.of(this.mariaDb, this.redis, this.kafka);
	}

	/**
	 * Stops every node by PID (SIGTERM, then SIGKILL); no process is left behind. Data stays on disk. Containers
	 * are stopped, not removed (that is {@link #release()} at the end of the JVM).
	 */
	@Override
	public void close() {
		if (this.links != null) {
			this.links.close();
		}
		List<RuntimeException> failures = new ArrayList<>();
		for (ManagedNode node : List.of(this.kafka, this.redis, this.mariaDb)) {
			try {
				node.stop();
			}
			catch (RuntimeException ex) {
				failures.add(ex);
			}
		}
		if (!failures.isEmpty()) {
			RuntimeException first = failures.get(0);
			failures.subList(1, failures.size()).forEach(first::addSuppressed);
			throw first;
		}
	}

}
