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
 * {@code ./payonce up|down|status}: the local stack, the five services and the payment platform simulator on the
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
		this.dir = this.repo.resolve(".payonce");
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
			default:
				System.err.println("usage: LocalStackMain up|down|status");
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
			this.out.println("PayOnce is already up (./payonce down stops it).");
			status();
			return 0;
		}
		if (running > 0 || runningServices() > 0) {
			this.out.println("PayOnce is partly running; run ./payonce down first.");
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
				Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment(service.module()));
				if (env.containsKey(LocalStack.GATEWAY_LOOKUP_PORT)) {
					env.put(LocalStack.GATEWAY_LOOKUP_PORT, Integer.toString(GATEWAY_LOOKUP_PORT));
				}
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

	int status() {
		Properties state = readState();
		int running = 0;
		for (String[] node : NODES) {
			Optional<ProcessHandle> process = ProcessNode.recorded(this.dir.resolve(node[0] + ".pid"), node[1]);
			running += process.isPresent() ? 1 : 0;
			this.out.printf("%-18s %-8s %s%n", node[0], process.isPresent() ? "running" : "stopped",
					state.getProperty(node[0] + ".address", ""));
		}
		for (Service service : SERVICES) {
			Optional<ProcessHandle> process = ProcessNode.recorded(this.dir.resolve(service.module() + ".pid"),
					service.commandHint());
			running += process.isPresent() ? 1 : 0;
			String health = process.isPresent() ? (healthy(service.managementPort()) ? "UP" : "running, not UP")
					: "stopped";
			this.out.printf("%-18s %-8s %s%n", service.module(), health,
					state.getProperty(service.module() + ".url", ""));
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
		for (ServiceProcess service : services) {
			state.setProperty(service.service() + ".url", service.baseUrl());
			state.setProperty(service.service() + ".port", Integer.toString(service.port()));
			state.setProperty(service.service() + ".management", service.managementUrl());
			state.setProperty(service.service() + ".pid", Long.toString(service.pid()));
			state.setProperty(service.service() + ".log", service.logFile().toString());
		}
		try (Writer writer = Files.newBufferedWriter(this.dir.resolve(STATE_FILE), StandardCharsets.UTF_8)) {
			state.store(writer, "written by ./payonce up; ./payonce down removes it");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The state of the last {@code up}, empty if none. */
	Properties readState() {
		Properties state = new Properties();
		Path file = this.dir.resolve(STATE_FILE);
		if (Files.exists(file)) {
			try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
				state.load(reader);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return state;
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
