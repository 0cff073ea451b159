package io.payonce.infra;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * {@code ./payonce up|down|status|restart <service>}: the local stack, the five services and the payment platform simulator on the
 * default ports of docs/conventions.md, state under {@code <repo>/.payonce/} (gitignored). The repository root is
 * the working directory, or the system property {@code payonce.repo}.
 *
 * <p>
 * {@code up} returns once everything is healthy and leaves the processes running (they live in their own
 * sessions); {@code down} stops them by PID, services first, and leaves nothing behind.
 */
public final class LocalStackMain {

	/**
	 * Start order: the relay and the consumer first, so the first callback finds its way through. Management
	 * ports (actuator) are the service ports + 1000, as in each service's application.yml.
	 */
	static final List<Service> SERVICES = List.of(new Service("outbox-relay", 8082, 9082, false),
			new Service("deduct-consumer", 8083, 9083, false), new Service("producer-gateway", 8081, 9081, false),
			new Service("dlt-handler", 8084, 9084, false), new Service("reconciliation", 8085, 9085, true),
			new Service("platform-simulator", 8086, 9086, false));

	static final String STATE_FILE = "state.properties";

	/** The gateway's ops lookup, {@code GET /api/v1/payments/{orderNo}} (its application.yml default). */
	static final int GATEWAY_LOOKUP_PORT = 8091;

	private static final Duration HEALTH_TIMEOUT = Duration.ofMinutes(4);

	private final Path repo;

	private final Path dir;

	private final PrintStream out;

	private final Function<Path, LocalStackConfig> stackConfig;

	LocalStackMain(Path repo, PrintStream out) {
		this(repo, out, LocalStackConfig::defaults);
	}

	/** @param stackConfig the stack's ports for a data dir: the defaults, or free ports in tests */
	LocalStackMain(Path repo, PrintStream out, Function<Path, LocalStackConfig> stackConfig) {
		this.repo = repo.toAbsolutePath().normalize();
		// ./payonce passes PAYONCE_DIR as payonce.dir (relative to the repository); .payonce/ by default
		this.dir = this.repo.resolve(System.getProperty("payonce.dir", ".payonce")).normalize();
		this.out = out;
		this.stackConfig = stackConfig;
	}

	public static void main(String[] args) {
		Path repo = Path.of(System.getProperty("payonce.repo", System.getProperty("user.dir")));
		LocalStackMain main = new LocalStackMain(repo, System.out);
		String command = args.length == 0 ? "" : args[0];
		int exit;
		switch (command) {
			case "up":
				exit = main.up();
				break;
			case "down":
				exit = main.down();
				break;
			case "status":
				exit = main.status();
				break;
			case "restart":
				exit = (args.length == 2) ? main.restart(args[1]) : main.usageOfRestart();
				break;
			default:
				System.err.println("usage: LocalStackMain up|down|status|restart <service>");
				exit = 2;
		}
		System.exit(exit);
	}

	/**
	 * A service module, its default port and its management port.
	 *
	 * @param afterTheOthers start only once every service before it is healthy (reconciliation adds its table
	 * to the trade schema, which deduct-consumer creates)
	 */
	record Service(String module, int port, int managementPort, boolean afterTheOthers) {

		/** What its command line contains, to recognise its PID. */
		String commandHint() {
			return ServiceProcess.commandMarker(this.module);
		}

	}

	/** The stack nodes and what their command lines contain. */
	private static final List<String[]> NODES = List.of(new String[] { KafkaBroker.NAME, KafkaBroker.COMMAND_MARKER },
			new String[] { RedisServer.NAME, "redis-server" }, new String[] { MariaDbServer.NAME, "mariadbd" });

	int up() {
		int running = runningNodes();
		if (running == NODES.size()) {
			return resume();
		}
		if (running > 0 || runningServices() > 0) {
			this.out.println("PayOnce is partly running: some of Kafka, MariaDB and Redis are down. Stop the rest with"
					+ " ./payonce down (data kept), then ./payonce up; or start afresh with ./payonce reset.");
			status();
			return 1;
		}
		this.out.println("Starting Kafka, MariaDB and Redis under " + this.dir + " ...");
		LocalStack stack;
		try {
			stack = LocalStack.start(this.stackConfig.apply(this.dir));
		}
		catch (NodeStartException ex) {
			this.out.println("FAILED: " + ex.getMessage());
			return 1;
		}
		List<ServiceProcess> started = new ArrayList<>();
		List<ServiceProcess> starting = new ArrayList<>();
		try {
			for (Service service : SERVICES) {
				Optional<Path> jar = ServiceProcess.execJar(this.repo, service.module());
				if (jar.isEmpty()) {
					this.out.println("SKIPPED " + service.module() + ": no " + service.module()
							+ "/target/payonce-" + service.module() + "-*-exec.jar (not built yet)");
					continue;
				}
				if (service.afterTheOthers()) {
					awaitHealthy(starting);
				}
				this.out.println("Starting " + service.module() + " on port " + service.port() + " ...");
				Map<String, String> env = environment(stack, service.module());
				writeEnvironment(service.module(), env);
				ServiceProcess process = ServiceProcess.launch(service.module(), jar.get(), service.port(),
						service.managementPort(), env, this.dir, ServiceProcess.defaultJvmOptions());
				started.add(process);
				starting.add(process);
			}
			awaitHealthy(starting);
		}
		catch (RuntimeException ex) {
			this.out.println("FAILED: " + ex.getMessage());
			this.out.println("Stopping what was started ...");
			started.forEach(ServiceProcess::stop);
			stack.close();
			return 1;
		}
		writeState(stack, started);
		printSummary(stack, started);
		return 0;
	}

	/**
	 * A service's environment under {@code ./payonce}: the stack's, the gateway's lookup on its documented port, and
	 * every file a service keeps inside {@code .payonce/}, so that {@code ./payonce reset} leaves nothing of an old
	 * run behind (the audit reports; the console's audit trail is a Kafka topic, whose data lives there too).
	 */
	private Map<String, String> environment(LocalStack stack, String module) {
		Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment(module));
		if (env.containsKey(LocalStack.GATEWAY_LOOKUP_PORT)) {
			env.put(LocalStack.GATEWAY_LOOKUP_PORT, Integer.toString(GATEWAY_LOOKUP_PORT));
		}
		if (module.equals("reconciliation")) {
			env.put("PAYONCE_RECONCILIATION_AUDIT_REPORT_DIR", this.dir.resolve("reconciliation-reports").toString());
		}
		return env;
	}

	/** Kept for {@code restart}: {@code .payonce/<service>.env} (local values only, in the gitignored folder). */
	private void writeEnvironment(String module, Map<String, String> env) {
		Properties properties = new Properties();
		properties.putAll(env);
		store(properties, this.dir.resolve(module + ".env"), "the environment ./payonce up started " + module + " with");
	}

	/**
	 * {@code ./payonce restart <service>}: stops that one service by PID (if it runs) and starts it again with the
	 * environment {@code up} gave it, on its own ports; the rest of the stack keeps running.
	 */
	int restart(String module) {
		Optional<Service> found = SERVICES.stream().filter(service -> service.module().equals(module)).findFirst();
		if (found.isEmpty()) {
			this.out.println("No service " + module + "; one of: " + SERVICES.stream().map(Service::module).toList());
			return 64;
		}
		if (runningNodes() != NODES.size()) {
			this.out.println("Kafka, MariaDB and Redis are not all running: ./payonce up first.");
			return 1;
		}
		Service service = found.get();
		long stopped = ProcessNode.stopRecorded(this.dir, module, service.commandHint());
		if (stopped >= 0) {
			this.out.println("Stopped " + module + " (pid " + stopped + ")");
		}
		try {
			ServiceProcess process = start(service);
			this.out.println("Started " + module + " (pid " + process.pid() + ") on " + process.baseUrl() + ", log "
					+ process.logFile());
		}
		catch (RuntimeException ex) {
			this.out.println("FAILED: " + ex.getMessage());
			return 1;
		}
		this.out.println("Next: ./payonce status   or follow its log: ./payonce logs " + module);
		return 0;
	}

	private int usageOfRestart() {
		this.out.println("usage: ./payonce restart <service>, one of "
				+ SERVICES.stream().map(Service::module).toList());
		return 64;
	}

	/** The nodes run: starts every service that does not (after a crash, or a {@code kill}), each as before. */
	private int resume() {
		List<Service> stopped = SERVICES.stream()
			.filter(service -> ProcessNode.recorded(this.dir.resolve(service.module() + ".pid"), service.commandHint())
				.isEmpty())
			.filter(service -> ServiceProcess.execJar(this.repo, service.module()).isPresent())
			.toList();
		if (stopped.isEmpty()) {
			this.out.println("PayOnce is already up (./payonce down stops it).");
			status();
			return 0;
		}
		this.out.println("Kafka, MariaDB and Redis run; starting what does not: "
				+ stopped.stream().map(Service::module).toList());
		try {
			for (Service service : stopped) {
				ServiceProcess process = start(service);
				this.out.println("  " + service.module() + " is UP (pid " + process.pid() + ")");
			}
		}
		catch (RuntimeException ex) {
			this.out.println("FAILED: " + ex.getMessage());
			return 1;
		}
		status();
		return 0;
	}

	/** Starts one service with its recorded environment, waits for it, and records it in the state file. */
	private ServiceProcess start(Service service) {
		Path envFile = this.dir.resolve(service.module() + ".env");
		if (!Files.exists(envFile)) {
			throw new IllegalStateException("no " + envFile + " (written by ./payonce up): ./payonce down, then up");
		}
		Properties recorded = load(envFile);
		Map<String, String> env = new LinkedHashMap<>();
		recorded.stringPropertyNames().forEach(name -> env.put(name, recorded.getProperty(name)));
		Path jar = ServiceProcess.execJar(this.repo, service.module())
			.orElseThrow(() -> new IllegalStateException("no runnable jar of " + service.module() + " (./payonce up builds it)"));
		ServiceProcess process = ServiceProcess.launch(service.module(), jar, service.port(), service.managementPort(),
				env, this.dir, ServiceProcess.defaultJvmOptions());
		process.awaitHealthy(HEALTH_TIMEOUT);
		Properties state = readState();
		record(state, process);
		store(state, this.dir.resolve(STATE_FILE), "written by ./payonce up; ./payonce down removes it");
		return process;
	}

	/** Waits for each of {@code services} to be healthy, then forgets them. */
	private void awaitHealthy(List<ServiceProcess> services) {
		for (ServiceProcess service : services) {
			service.awaitHealthy(HEALTH_TIMEOUT);
			this.out.println("  " + service.service() + " is UP");
		}
		services.clear();
	}

	int down() {
		int stopped = 0;
		List<Service> services = new ArrayList<>(SERVICES);
		java.util.Collections.reverse(services);
		for (Service service : services) {
			stopped += report(service.module(), ProcessNode.stopRecorded(this.dir, service.module(), service.commandHint()));
		}
		for (String[] node : NODES) {
			stopped += report(node[0], ProcessNode.stopRecorded(this.dir, node[0], node[1]));
		}
		try {
			Files.deleteIfExists(this.dir.resolve(STATE_FILE));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.out.println(stopped == 0 ? "Nothing was running." : "Stopped " + stopped + " processes.");
		return 0;
	}

	private int report(String name, long pid) {
		if (pid < 0) {
			return 0;
		}
		this.out.println("stopped " + name + " (pid " + pid + ")");
		return 1;
	}

	/** What runs, with its PID, address and log; exit 0 if anything runs, 3 if nothing does. */
	int status() {
		Properties state = readState();
		int running = 0;
		this.out.printf("%-18s %-16s %-8s %-42s %s%n", "", "state", "pid", "address", "log");
		for (String[] node : NODES) {
			Optional<ProcessHandle> process = ProcessNode.recorded(this.dir.resolve(node[0] + ".pid"), node[1]);
			running += process.isPresent() ? 1 : 0;
			this.out.printf("%-18s %-16s %-8s %-42s %s%n", node[0], process.isPresent() ? "running" : "stopped",
					process.map(handle -> Long.toString(handle.pid())).orElse("-"),
					state.getProperty(node[0] + ".address", ""), this.dir.resolve(node[0] + ".log"));
		}
		for (Service service : SERVICES) {
			Optional<ProcessHandle> process = ProcessNode.recorded(this.dir.resolve(service.module() + ".pid"),
					service.commandHint());
			running += process.isPresent() ? 1 : 0;
			String health = process.isPresent() ? (healthy(service.managementPort()) ? "UP" : "running, not UP")
					: "stopped";
			String address = state.getProperty(service.module() + ".url", "http://127.0.0.1:" + service.port())
					+ " (actuator " + service.managementPort() + ")";
			this.out.printf("%-18s %-16s %-8s %-42s %s%n", service.module(), health,
					process.map(handle -> Long.toString(handle.pid())).orElse("-"), address,
					this.dir.resolve(service.module() + ".log"));
		}
		if (running == 0) {
			this.out.println("Nothing runs: ./payonce up");
		}
		else {
			this.out.println("Ops console " + state.getProperty("dlt-handler.url", "http://127.0.0.1:8084") + "/ (admin/"
					+ "admin-local); a stopped service: ./payonce restart <service>; a log: ./payonce logs <name>");
		}
		return running > 0 ? 0 : 3;
	}

	private static boolean healthy(int managementPort) {
		try {
			return ServiceProcess.isUp(managementPort);
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private int runningNodes() {
		return (int) NODES.stream()
			.filter(node -> ProcessNode.recorded(this.dir.resolve(node[0] + ".pid"), node[1]).isPresent())
			.count();
	}

	private int runningServices() {
		return (int) SERVICES.stream()
			.filter(service -> ProcessNode
				.recorded(this.dir.resolve(service.module() + ".pid"), service.commandHint())
				.isPresent())
			.count();
	}

	private void writeState(LocalStack stack, List<ServiceProcess> services) {
		Properties state = new Properties();
		state.setProperty("kafka.address", stack.kafka().bootstrapServers());
		state.setProperty("mariadb.address", stack.mariaDb().jdbcUrl(""));
		state.setProperty("mariadb.port", Integer.toString(stack.mariaDb().port()));
		state.setProperty("redis.address", stack.redis().address());
		for (ManagedNode node : stack.nodes()) {
			ProcessNode processNode = (ProcessNode) node;
			state.setProperty(processNode.name() + ".pid", Long.toString(node.pid()));
			state.setProperty(processNode.name() + ".log", node.logFile().toString());
		}
		services.forEach(service -> record(state, service));
		store(state, this.dir.resolve(STATE_FILE), "written by ./payonce up; ./payonce down removes it");
	}

	private static void record(Properties state, ServiceProcess service) {
		state.setProperty(service.service() + ".url", service.baseUrl());
		state.setProperty(service.service() + ".port", Integer.toString(service.port()));
		state.setProperty(service.service() + ".management", service.managementUrl());
		state.setProperty(service.service() + ".pid", Long.toString(service.pid()));
		state.setProperty(service.service() + ".log", service.logFile().toString());
	}

	private static void store(Properties properties, Path file, String comment) {
		try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			properties.store(writer, comment);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The state of the last {@code up}, empty if none. */
	Properties readState() {
		Path file = this.dir.resolve(STATE_FILE);
		return Files.exists(file) ? load(file) : new Properties();
	}

	private static Properties load(Path file) {
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			properties.load(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return properties;
	}

	private void printSummary(LocalStack stack, List<ServiceProcess> services) {
		this.out.println();
		this.out.println("PayOnce is up. Logs and data under " + this.dir);
		this.out.printf("  %-18s %-40s log %s%n", "kafka", stack.kafka().bootstrapServers(), stack.kafka().logFile());
		this.out.printf("  %-18s %-40s log %s%n", "mariadb", stack.mariaDb().jdbcUrl(""), stack.mariaDb().logFile());
		this.out.printf("  %-18s %-40s log %s%n", "redis", stack.redis().address(), stack.redis().logFile());
		for (ServiceProcess service : services) {
			this.out.printf("  %-18s %-40s log %s%n", service.service(),
					service.baseUrl() + " (actuator " + service.managementPort() + ")", service.logFile());
		}
		services.stream()
			.filter(service -> service.service().equals("producer-gateway"))
			.findFirst()
			.ifPresent(gateway -> this.out.println("\nCallbacks: POST " + gateway.baseUrl()
					+ "/api/v1/callbacks/pay (secret payonce-local-secret, local only; see README)\nPayment lookup: GET"
					+ " http://127.0.0.1:" + GATEWAY_LOOKUP_PORT + "/api/v1/payments/{orderNo} (viewer/viewer-local)"));
		services.stream()
			.filter(service -> service.service().equals("dlt-handler"))
			.findFirst()
			.ifPresent(dlt -> this.out.println("Ops console: " + dlt.baseUrl() + "/"));
		services.stream()
			.filter(service -> service.service().equals("platform-simulator"))
			.findFirst()
			.ifPresent(platform -> this.out.println("Payment platform simulator: POST " + platform.baseUrl()
					+ "/api/v1/payments (\"the user paid\", it calls the gateway back; see platform-simulator/README.md)"));
		this.out.println("Stop everything with ./payonce down");
	}

}
