package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.Topic;
import io.payonce.e2e.faults.hooks.CrashAfterCommitHook;
import io.payonce.e2e.support.Actuator;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.FaultLinks;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ManagedNode;
import io.payonce.infra.NodeStartException;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.CallbackClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import static org.awaitility.Awaitility.await;

/**
 * One local stack (with {@link FaultLinks}: every service reaches every store through its own fault proxy) and
 * one set of service processes shared by every fault scenario: the gateway, the relay, two deduct-consumer
 * instances (a short {@code max.poll.interval.ms} and session timeout, so that a hung instance loses its
 * partitions within seconds; each with the crash hook on its classpath) and the dlt-handler with a shortened retry
 * ladder.
 *
 * <p>
 * Nothing here heals a fault. A {@linkplain #supervise() supervisor} restarts a service process that EXITED, as
 * Kubernetes restarts a container, and records each restart with the exit status it saw; an exit no scenario
 * announced is reported as unexpected. A service that runs but is not healthy is never restarted: the scenario
 * fails when it is not healthy {@link #RECOVERY_TIMEOUT} after its dependency came back.
 */
final class FaultBench implements AutoCloseable {

	static final String GATEWAY = "producer-gateway";

	static final String RELAY = "outbox-relay";

	static final String CONSUMER = "deduct-consumer";

	static final String DLT = "dlt-handler";

	static final String RECONCILIATION = "reconciliation";

	/** Reconciliation's MISSING window on the bench: long enough for a handover, short enough for a test. */
	static final String RECONCILIATION_WINDOW = "30s";

	/** A hung consumer is out of its group after this (the broker's view: no heartbeat). */
	static final Duration CONSUMER_SESSION_TIMEOUT = Duration.ofSeconds(6);

	/** A consumer that polls no more within this leaves its group (the client's view). */
	static final Duration CONSUMER_MAX_POLL_INTERVAL = Duration.ofSeconds(10);

	/** The shortened retry ladder of the dlt-handler: attempts 1, 2, 3; a failed attempt 3 is terminal. */
	static final String RETRY_TIERS = "1s,2s";

	static final int MAX_RETRIES = 2;

	static final String CONSOLE_ADMIN = "admin";

	static final String CONSOLE_ADMIN_PASSWORD = "admin-local";

	/** The orderNo marker that makes a consumer halt right after the commit that deducted it (S03). */
	static final String CRASH_MARKER = "CRASH";

	private static final Duration HEALTH_TIMEOUT = Duration.ofMinutes(4);

	/** A service must be healthy this long after the dependency it lost came back (stated in the report). */
	static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(60);

	/** A process the supervisor restarts must be healthy again within this (a JVM start on a busy machine). */
	static final Duration RESTART_TIMEOUT = Duration.ofMinutes(3);

	private final LocalStack stack;

	private final Path serviceDir;

	private final Path hookDir;

	private final Map<String, ServiceProcess> services = new ConcurrentHashMap<>();

	private final List<ServiceProcess> consumers = new CopyOnWriteArrayList<>();

	private int consumerInstances;

	private final String runId = UUID.randomUUID().toString().substring(0, 6);

	private final long userBase = 9_100_000_000L + ThreadLocalRandom.current().nextLong(0, 800) * 1_000_000L;

	private int scopes;

	private final Seeder seeder;

	private final Invariants invariants;

	private final OrderAudit audit;

	private final TopicRecords observed;

	private final GroupView group;

	private final RedisCommands redis;

	private final ConsumerMetrics metrics = new ConsumerMetrics();

	private final LoadGenerator load = new LoadGenerator(8);

	private final KafkaProducer<String, byte[]> producer;

	/** What the supervisor did, drained into each scenario's report. */
	private final List<Restart> restarts = new CopyOnWriteArrayList<>();

	/** Exits a scenario announced (kill -9, the crash hook): an exit that matches one is expected. */
	private final List<Predicate<String>> expectedExits = new CopyOnWriteArrayList<>();

	private final Set<String> restarting = ConcurrentHashMap.newKeySet();

	private final ExecutorService restarter = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "e2e-supervisor-restart");
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean closing;

	private Thread supervisor;

	/** One restart by the supervisor: the exit it saw and the process it started. */
	record Restart(String service, long oldPid, int exitStatus, boolean expected, long newPid, double seconds,
			String failure) {

		@Override
		public String toString() {
			return this.service + " PID " + this.oldPid + " exited " + this.exitStatus
					+ (this.expected ? "" : " UNEXPECTEDLY") + (this.failure == null
							? ", restarted by the supervisor as PID " + this.newPid + " in " + this.seconds + " s"
							: ", restart failed: " + this.failure);
		}

	}

	private FaultBench(LocalStack stack) {
		this.stack = stack;
		this.serviceDir = stack.dataDir().resolve("services");
		this.hookDir = stack.dataDir().resolve("hooks");
		this.seeder = new Seeder(stack.mariaDb());
		this.audit = new OrderAudit(stack.mariaDb());
		this.invariants = new Invariants(() -> connect(LocalDatabase.TRADE), () -> connect(LocalDatabase.GATEWAY),
				() -> DriverManager.getConnection(stack.mariaDb().jdbcUrl(OrderAudit.SCHEMA), stack.mariaDb().rootUser(),
						stack.mariaDb().rootPassword()));
		this.observed = new TopicRecords(stack.kafka().bootstrapServers(), Topic.PAY_SUCCESS, Topic.PAY_SUCCESS_TERMINAL,
				Topic.PAY_DEDUCTED, Topic.PAY_REFUND_REQUIRED);
		this.group = new GroupView(stack.kafka().bootstrapServers());
		this.redis = new RedisCommands(stack.redis().port());
		Properties props = new Properties();
		props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers());
		props.put(ProducerConfig.ACKS_CONFIG, "all");
		props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
		props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
		this.producer = new KafkaProducer<>(props);
	}

	/**
	 * Launches the services and waits until each reports UP: first those that own the schemas (their Flyway runs
	 * at start) and the dlt-handler, then the order audit's triggers, then the relay, so that it never reads their
	 * DDL from the binlog. On failure stops what it started.
	 */
	static FaultBench start(LocalStack stack) {
		FaultBench bench = new FaultBench(stack);
		try {
			Files.createDirectories(bench.serviceDir);
			bench.writeHooks();
			List<ServiceProcess> first = List.of(bench.launch(GATEWAY, GATEWAY, stack.serviceEnvironment(GATEWAY)),
					bench.launchConsumer(), bench.launchConsumer(), bench.launch(DLT, DLT, bench.dltEnvironment()));
			first.forEach(service -> service.awaitHealthy(HEALTH_TIMEOUT));
			bench.audit.install();
			bench.launch(RELAY, RELAY, stack.serviceEnvironment(RELAY)).awaitHealthy(HEALTH_TIMEOUT);
			// the services run in sessions of their own: a test JVM that dies must not leave them running
			Runtime.getRuntime().addShutdownHook(new Thread(bench::close, "e2e-fault-bench-stop"));
			bench.supervisor = new Thread(bench::supervise, "e2e-supervisor");
			bench.supervisor.setDaemon(true);
			bench.supervisor.start();
			return bench;
		}
		catch (IOException ex) {
			bench.close();
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			bench.close();
			throw ex;
		}
	}

	private ServiceProcess launch(String name, String module, Map<String, String> environment) {
		return launch(name, module, environment, List.of());
	}

	private ServiceProcess launch(String name, String module, Map<String, String> environment, List<Path> loaderPath) {
		ServiceProcess service = ServiceProcess.launch(name, Pipeline.execJar(module), ServiceProcess.freePort(), environment,
				this.serviceDir, ServiceProcess.defaultJvmOptions(), loaderPath);
		this.services.put(name, service);
		return service;
	}

	private ServiceProcess launchConsumer() {
		this.consumerInstances++;
		String name = this.consumerInstances == 1 ? CONSUMER : CONSUMER + "-" + this.consumerInstances;
		ServiceProcess consumer = launch(name, CONSUMER, consumerEnvironment(name), List.of(this.hookDir));
		this.consumers.add(consumer);
		return consumer;
	}

	/** One more deduct-consumer instance in the same group, healthy on return. */
	ServiceProcess addConsumer() {
		ServiceProcess consumer = launchConsumer();
		consumer.awaitHealthy(HEALTH_TIMEOUT);
		return consumer;
	}

	/** Stops (SIGTERM) a consumer instance and forgets it: the group rebalances to the others. */
	void removeConsumer(ServiceProcess consumer) {
		this.metrics.scrape(List.of(consumer));
		this.consumers.remove(consumer);
		this.services.remove(consumer.service());
		consumer.stop();
	}

	/**
	 * One more outbox-relay instance of the same relay (same server name: same group, same transactional id); it
	 * joins as a standby while another leads. UP on return; the supervisor restarts it like the others.
	 */
	ServiceProcess addRelay(String name) {
		ServiceProcess relay = launch(name, RELAY, this.stack.serviceEnvironment(RELAY));
		relay.awaitHealthy(HEALTH_TIMEOUT);
		return relay;
	}

	/** One more gateway instance (its own lookup port); UP on return. */
	ServiceProcess addGateway(String name) {
		return launch(name, GATEWAY, this.stack.serviceEnvironment(GATEWAY)).awaitHealthy(HEALTH_TIMEOUT);
	}

	/**
	 * One more dlt-handler of the same group (same application id and audit trail, its own state folder, as in
	 * production); UP on return.
	 */
	ServiceProcess addDltHandler(String name) {
		Map<String, String> env = dltEnvironment();
		env.put("PAYONCE_DLT_STREAMS_STATE_DIR", this.stack.dataDir().resolve(name + "-streams").toString());
		return launch(name, DLT, env).awaitHealthy(HEALTH_TIMEOUT);
	}

	/**
	 * A reconciliation instance (its own state folder; the continuous reconciliation with a
	 * {@value #RECONCILIATION_WINDOW} window, scanned every second; the active query off: no platform runs here);
	 * UP on return.
	 */
	ServiceProcess addReconciliation(String name) {
		Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(RECONCILIATION));
		env.put("PAYONCE_RECONCILIATION_STREAMS_STATE_DIR", this.stack.dataDir().resolve(name + "-streams").toString());
		env.put("PAYONCE_RECONCILIATION_CONTINUOUS_WINDOW", RECONCILIATION_WINDOW);
		env.put("PAYONCE_RECONCILIATION_CONTINUOUS_SCAN_INTERVAL", "1s");
		env.put("PAYONCE_RECONCILIATION_ACTIVE_QUERY_ENABLED", "false");
		return launch(name, RECONCILIATION, env).awaitHealthy(HEALTH_TIMEOUT);
	}

	private Map<String, String> consumerEnvironment(String instance) {
		Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(CONSUMER));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_MAX_POLL_INTERVAL_MS",
				Long.toString(CONSUMER_MAX_POLL_INTERVAL.toMillis()));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_SESSION_TIMEOUT_MS",
				Long.toString(CONSUMER_SESSION_TIMEOUT.toMillis()));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_HEARTBEAT_INTERVAL_MS", "2000");
		// the group view tells instances apart by client id (GroupView)
		env.put("SPRING_KAFKA_CONSUMER_CLIENT_ID", instance);
		env.put(CrashAfterCommitHook.MARKER_VARIABLE, CRASH_MARKER);
		return env;
	}

	private Map<String, String> dltEnvironment() {
		Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(DLT));
		env.put("PAYONCE_DLT_RETRY_TIERS", RETRY_TIERS);
		env.put("PAYONCE_DLT_RETRY_MAX_RETRIES", Integer.toString(MAX_RETRIES));
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.faults.audit." + this.runId);
		return env;
	}

	/**
	 * The crash hook as a {@code loader.path} folder for the consumers: its compiled classes and an
	 * {@code AutoConfiguration.imports} that names it. Nothing else of this JVM's classpath goes there.
	 */
	private void writeHooks() throws IOException {
		Path classes = Path.of(CrashAfterCommitHook.class.getProtectionDomain().getCodeSource().getLocation().getPath());
		String packagePath = CrashAfterCommitHook.class.getPackageName().replace('.', '/');
		Path target = this.hookDir.resolve(packagePath);
		Files.createDirectories(target);
		try (Stream<Path> files = Files.list(classes.resolve(packagePath))) {
			for (Path file : files.filter(path -> path.getFileName().toString()
				.startsWith(CrashAfterCommitHook.class.getSimpleName())).toList()) {
				Files.copy(file, target.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
		}
		Path imports = this.hookDir
			.resolve("META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports");
		Files.createDirectories(imports.getParent());
		Files.writeString(imports, CrashAfterCommitHook.class.getName() + "\n", StandardCharsets.UTF_8);
	}

	/** A fresh scope: its own orderNo prefix and 100,000 userIds. */
	synchronized Scope scope(String name) {
		this.scopes++;
		String code = String.format("S%02d", this.scopes);
		long firstUser = this.userBase + this.scopes * 100_000L;
		return new Scope(code + " " + name, "E2E-" + this.runId + "-" + code + "-", firstUser, firstUser + 99_999L);
	}

	// ---- the supervisor -----------------------------------------------------------------------------------

	/** Restarts every service process that exited, as a container runtime would; never a running one. */
	private void supervise() {
		while (!this.closing) {
			for (ServiceProcess service : this.services.values()) {
				if (!service.isRunning() && this.restarting.add(service.service())) {
					this.restarter.execute(() -> restart(service));
				}
			}
			// the supervisor's polling period, not a synchronisation
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
		}
	}

	private void restart(ServiceProcess service) {
		try {
			ManagedNode.Exit exit = service.lastExit().orElse(new ManagedNode.Exit(service.pid(), -1));
			boolean expected = consumeExpectation(service.service());
			long since = System.nanoTime();
			String failure = null;
			for (int attempt = 1; !this.closing; attempt++) {
				try {
					if (this.consumers.contains(service)) {
						this.metrics.restarted(service);
					}
					service.start();
					failure = null;
					break;
				}
				catch (NodeStartException ex) {
					failure = ex.getMessage().lines().findFirst().orElse("");
					if (Duration.ofNanos(System.nanoTime() - since).compareTo(RESTART_TIMEOUT) > 0) {
						break;
					}
					// crash-loop back-off
					LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(Math.min(10, attempt * 2L)));
				}
			}
			this.restarts.add(new Restart(service.service(), exit.pid(), exit.status(), expected, service.pid(),
					ScenarioRunner.secondsSince(since), failure));
		}
		finally {
			this.restarting.remove(service.service());
		}
	}

	private boolean consumeExpectation(String service) {
		for (Predicate<String> expectation : this.expectedExits) {
			if (expectation.test(service) && this.expectedExits.remove(expectation)) {
				return true;
			}
		}
		return false;
	}

	/** Announces that a process whose name matches will exit (the crash hook): its exit is not unexpected. */
	void expectExit(Predicate<String> service) {
		this.expectedExits.add(service);
	}

	/** What the supervisor did since the last call. */
	List<Restart> drainRestarts() {
		List<Restart> drained = new ArrayList<>(this.restarts);
		this.restarts.removeAll(drained);
		return drained;
	}

	/** kill -9 of a service: proven (PID gone, exit 137), then restarted by the supervisor. */
	record Crash(String service, long pid, ManagedNode.Exit exit, long newPid, double restartSeconds) {

		boolean proven() {
			return this.exit.pid() == this.pid && this.exit.killed() && this.newPid > 0 && this.newPid != this.pid;
		}

		@Override
		public String toString() {
			return this.service + " PID " + this.pid + " exited " + this.exit.status()
					+ (this.exit.killed() ? " (SIGKILL)" : "") + ", restarted by the supervisor as PID " + this.newPid
					+ " in " + this.restartSeconds + " s";
		}

	}

	/** kill -9 (its counters scraped first), the exit proven; returns once the supervisor has it healthy again. */
	Crash kill(ServiceProcess service) {
		if (this.consumers.contains(service)) {
			this.metrics.scrape(List.of(service));
		}
		long pid = service.pid();
		expectExit(service.service()::equals);
		long since = System.nanoTime();
		service.kill();
		ManagedNode.Exit exit = service.lastExit().orElse(new ManagedNode.Exit(pid, -1));
		awaitRestarted(service, pid);
		return new Crash(service.service(), pid, exit, service.pid(), ScenarioRunner.secondsSince(since));
	}

	/**
	 * One step of a rollout, as Kubernetes replaces a pod: SIGTERM, the exit awaited (its status recorded), the
	 * instance started again and awaited healthy. Wall-clock millis, so that the gaps can be read against record
	 * and commit times.
	 */
	record Rollout(String service, long oldPid, ManagedNode.Exit exit, long newPid, long terminatedAt, long exitedAt,
			long readyAt) {

		/** A clean exit on SIGTERM (143, not 137: no SIGKILL after the grace period) and a new process. */
		boolean proven() {
			return this.exit.pid() == this.oldPid && this.exit.status() == 128 + 15 && this.newPid > 0
					&& this.newPid != this.oldPid;
		}

		double stopSeconds() {
			return (this.exitedAt - this.terminatedAt) / 1000.0;
		}

		double startSeconds() {
			return (this.readyAt - this.exitedAt) / 1000.0;
		}

		@Override
		public String toString() {
			return this.service + " PID " + this.oldPid + " SIGTERM, exited " + this.exit.status() + " after "
					+ stopSeconds() + " s, started as PID " + this.newPid + ", healthy " + startSeconds() + " s later";
		}

	}

	/**
	 * Restarts one instance the way a rollout does (SIGTERM, exit, start, healthy) while the supervisor keeps its
	 * hands off it (it restarts only what exited unannounced). Returns once the new process is healthy.
	 */
	Rollout rollingRestart(ServiceProcess service) {
		return rollingRestart(service, () -> {
		});
	}

	/** As {@link #rollingRestart(ServiceProcess)}; {@code afterExit} runs once the old process has exited. */
	Rollout rollingRestart(ServiceProcess service, Runnable afterExit) {
		if (!this.restarting.add(service.service())) {
			throw new IllegalStateException(service.service() + " is being restarted by the supervisor");
		}
		try {
			boolean consumer = this.consumers.contains(service);
			if (consumer) {
				this.metrics.scrape(List.of(service));
			}
			long pid = service.pid();
			long terminatedAt = System.currentTimeMillis();
			service.stop();
			long exitedAt = System.currentTimeMillis();
			ManagedNode.Exit exit = service.lastExit().orElse(new ManagedNode.Exit(pid, -1));
			afterExit.run();
			if (consumer) {
				this.metrics.restarted(service);
			}
			service.start();
			return new Rollout(service.service(), pid, exit, service.pid(), terminatedAt, exitedAt,
					System.currentTimeMillis());
		}
		finally {
			this.restarting.remove(service.service());
		}
	}

	/** Waits until the supervisor has replaced process {@code pid} of the service by a healthy one. */
	void awaitRestarted(ServiceProcess service, long pid) {
		await().atMost(RESTART_TIMEOUT).pollInterval(Duration.ofMillis(500))
			.until(() -> service.pid() != pid && !this.restarting.contains(service.service()) && service.isRunning()
					&& Actuator.health(service).up());
	}

	/**
	 * Waits until every service runs, is not being restarted and reports UP, at most until {@code deadline}
	 * ({@link System#nanoTime()}); returns what is still not healthy then (empty: whole).
	 */
	List<String> awaitWhole(long deadline) {
		List<String> unhealthy = new ArrayList<>();
		while (true) {
			unhealthy.clear();
			for (ServiceProcess service : this.services.values()) {
				if (this.restarting.contains(service.service())) {
					unhealthy.add(service.service() + " restarting");
					continue;
				}
				Actuator.Health health = Actuator.health(service);
				if (!health.up()) {
					unhealthy.add(service.service() + " " + health + ", last warnings: " + logTail(service, 3));
				}
			}
			if (unhealthy.isEmpty() || System.nanoTime() > deadline) {
				return unhealthy;
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
		}
	}

	static String logTail(ServiceProcess service, int lines) {
		try (Stream<String> log = Files.lines(service.logFile())) {
			List<String> all = log.filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")).toList();
			return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "unreadable";
		}
	}

	/** Lines of a service's log (all its runs) that contain {@code text}. */
	static long logLines(ServiceProcess service, String text) {
		try (Stream<String> log = Files.lines(service.logFile(), StandardCharsets.UTF_8)) {
			return log.filter(line -> line.contains(text)).count();
		}
		catch (IOException | UncheckedIOException ex) {
			return 0;
		}
	}

	// ---- the test's own hands on the stores ---------------------------------------------------------------------

	/** Re-publishes these records to pay.success as they are (key, value, headers): a broker redelivery. */
	void redeliver(List<ConsumerRecord<String, byte[]>> records) {
		for (ConsumerRecord<String, byte[]> record : records) {
			this.producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), null, record.key(), record.value(),
					record.headers()));
		}
		this.producer.flush();
	}

	/** Writes raw bytes to pay.success, bypassing the gateway and the relay. */
	void produceRaw(String key, byte[] value) {
		try {
			this.producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), key, value)).get(30, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException("could not produce to pay.success: " + ex.getMessage(), ex);
		}
	}

	/** MariaDB's global status counters (e.g. {@code Innodb_row_lock_waits}), read as root. */
	Map<String, Long> dbStatus(String... names) {
		Map<String, Long> values = new HashMap<>();
		try (Connection root = this.stack.mariaDb().rootConnection(); Statement sql = root.createStatement();
				ResultSet rows = sql.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ("
						+ Stream.of(names).map(name -> "'" + name + "'").collect(Collectors.joining(",")) + ")")) {
			while (rows.next()) {
				values.put(rows.getString(1), rows.getLong(2));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("SHOW GLOBAL STATUS failed: " + ex.getMessage(), ex);
		}
		return values;
	}

	/** Transactions waiting for a lock right now ({@code information_schema.INNODB_LOCK_WAITS}). */
	int lockWaitsNow() {
		try (Connection root = this.stack.mariaDb().rootConnection(); Statement sql = root.createStatement();
				ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM information_schema.INNODB_LOCK_WAITS")) {
			return rows.next() ? rows.getInt(1) : 0;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("INNODB_LOCK_WAITS failed: " + ex.getMessage(), ex);
		}
	}

	// ---- what the topics showed ---------------------------------------------------------------------------------

	List<ConsumerRecord<String, byte[]>> records(Topic topic, Scope scope) {
		return this.observed.withKeyPrefix(scope.prefix())
			.stream()
			.filter(record -> record.topic().equals(topic.topicName()))
			.toList();
	}

	List<ConsumerRecord<String, byte[]>> paySuccessRecords(Scope scope) {
		return records(Topic.PAY_SUCCESS, scope);
	}

	List<ConsumerRecord<String, byte[]>> terminalRecords(Scope scope) {
		return records(Topic.PAY_SUCCESS_TERMINAL, scope);
	}

	Set<String> terminalKeys(Scope scope) {
		return terminalRecords(scope).stream().map(ConsumerRecord::key).collect(Collectors.toSet());
	}

	/** Everything the invariants read from Kafka for the scope. */
	Invariants.Observed observed(Scope scope) {
		List<ConsumerRecord<String, byte[]>> all = this.observed.withKeyPrefix(scope.prefix());
		List<Invariants.Event> paySuccess = new ArrayList<>();
		Set<String> terminalKeys = new java.util.HashSet<>();
		List<Invariants.PaymentEvent> terminal = new ArrayList<>();
		List<Invariants.PaymentEvent> deducted = new ArrayList<>();
		List<Invariants.PaymentEvent> refund = new ArrayList<>();
		for (ConsumerRecord<String, byte[]> record : all) {
			switch (topicOf(record)) {
				case PAY_SUCCESS -> paySuccess.add(new Invariants.Event(record.key(), TopicRecords.header(record, "id")));
				case PAY_SUCCESS_TERMINAL -> {
					terminalKeys.add(record.key());
					payNo(PaySuccess.class, record).ifPresent(payNo -> terminal.add(new Invariants.PaymentEvent(record.key(), payNo, id(record))));
				}
				case PAY_DEDUCTED -> payNo(PayDeducted.class, record)
					.ifPresent(payNo -> deducted.add(new Invariants.PaymentEvent(record.key(), payNo, id(record))));
				case PAY_REFUND_REQUIRED -> payNo(DuplicatePayment.class, record)
					.ifPresent(payNo -> refund.add(new Invariants.PaymentEvent(record.key(), payNo, id(record))));
				default -> {
				}
			}
		}
		return new Invariants.Observed(paySuccess, terminalKeys, terminal, deducted, refund);
	}

	private static String id(ConsumerRecord<String, byte[]> record) {
		return TopicRecords.header(record, "id");
	}

	private static Topic topicOf(ConsumerRecord<String, byte[]> record) {
		return java.util.Arrays.stream(Topic.values())
			.filter(topic -> topic.topicName().equals(record.topic()))
			.findFirst()
			.orElseThrow();
	}

	/** The payNo of a record's payload; empty for bytes that are not that event (the poison record). */
	private static java.util.Optional<String> payNo(Class<? extends io.payonce.contract.PayonceEvent> type,
			ConsumerRecord<String, byte[]> record) {
		try {
			io.payonce.contract.PayonceEvent event = EventCodec.decode(type, record.value());
			if (event instanceof PaySuccess payment) {
				return java.util.Optional.of(payment.payNo());
			}
			if (event instanceof PayDeducted deduction) {
				return java.util.Optional.of(deduction.payNo());
			}
			if (event instanceof DuplicatePayment duplicate) {
				return java.util.Optional.of(duplicate.payNo());
			}
			return java.util.Optional.empty();
		}
		catch (RuntimeException ex) {
			return java.util.Optional.empty();
		}
	}

	// ---- accessors ----------------------------------------------------------------------------------------------

	CallbackClient callbacks() {
		return CallbackClient.local("http://127.0.0.1:" + service(GATEWAY).port());
	}

	/** A platform whose clock is {@code skew} ahead (negative: behind) of the gateway's. */
	CallbackClient callbacks(Duration skew) {
		return new CallbackClient("http://127.0.0.1:" + service(GATEWAY).port(),
				io.payonce.platform.callback.CallbackSignature.LOCAL_SECRET,
				java.time.Clock.offset(java.time.Clock.systemUTC(), skew));
	}

	ServiceProcess service(String name) {
		ServiceProcess service = this.services.get(name);
		if (service == null) {
			throw new IllegalArgumentException(name + " is not running here; running: " + this.services.keySet());
		}
		return service;
	}

	List<ServiceProcess> services() {
		return List.copyOf(this.services.values());
	}

	List<ServiceProcess> consumers() {
		return List.copyOf(this.consumers);
	}

	LocalStack stack() {
		return this.stack;
	}

	FaultLinks links() {
		return this.stack.faultLinks();
	}

	Seeder seeder() {
		return this.seeder;
	}

	Invariants invariants() {
		return this.invariants;
	}

	OrderAudit audit() {
		return this.audit;
	}

	ConsumerMetrics metrics() {
		return this.metrics;
	}

	LoadGenerator load() {
		return this.load;
	}

	GroupView group() {
		return this.group;
	}

	RedisCommands redis() {
		return this.redis;
	}

	/** Stops the supervisor, then every service it started (SIGTERM, then SIGKILL), the observers and the producer. */
	@Override
	public synchronized void close() {
		if (this.closing) {
			return;
		}
		this.closing = true;
		if (this.supervisor != null) {
			this.supervisor.interrupt();
		}
		this.restarter.shutdownNow();
		this.load.close();
		List<ServiceProcess> all = new ArrayList<>(this.services.values());
		all.forEach(ServiceProcess::stop);
		this.audit.uninstall();
		this.producer.close(Duration.ofSeconds(5));
		this.observed.close();
		this.group.close();
	}

	private Connection connect(LocalDatabase database) throws SQLException {
		return DriverManager.getConnection(this.stack.mariaDb().jdbcUrl(database.schema()), database.user(),
				database.password());
	}


}
