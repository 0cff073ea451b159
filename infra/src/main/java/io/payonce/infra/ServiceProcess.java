package io.payonce.infra;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One PayOnce service ({@code java -jar <module>-exec.jar}) as a separate process, with the same PID, log and
 * signal control as the nodes of the local stack: {@code <dir>/<service>.log}, {@code <dir>/<service>.pid}.
 * Two ports: the service's own ({@code SERVER_PORT}) and its management port ({@code MANAGEMENT_SERVER_PORT},
 * where actuator lives). Healthy means {@code GET /actuator/health} on the management port answers
 * {@code "status":"UP"}.
 *
 * <pre>
 * ServiceProcess gateway = ServiceProcess.launch("producer-gateway", jar, port, stack.serviceEnvironment("producer-gateway"), dir);
 * gateway.awaitHealthy(Duration.ofMinutes(2));
 * </pre>
 */
public final class ServiceProcess extends ProcessNode {

	/** How long {@link #start()} (a restart after {@link #kill()}) waits for health. */
	public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private final Path jar;

	private final int port;

	private final int managementPort;

	private final Map<String, String> environment;

	private final List<String> jvmOptions;

	/** Folders or jars added to the application's classpath (Spring Boot's {@code loader.path}); usually none. */
	private final List<Path> loaderPath;

	private ServiceProcess(String service, Path jar, int port, int managementPort, Map<String, String> environment,
			Path dir, List<String> jvmOptions, List<Path> loaderPath) {
		super(service, dir);
		this.jar = jar.toAbsolutePath();
		this.port = port;
		this.managementPort = managementPort;
		Map<String, String> env = new LinkedHashMap<>(environment);
		env.put("SERVER_PORT", Integer.toString(port));
		env.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
		this.environment = Map.copyOf(env);
		this.jvmOptions = List.copyOf(jvmOptions);
		this.loaderPath = List.copyOf(loaderPath);
	}

	/**
	 * Launches the service, its management port a free one, and returns without waiting; follow with
	 * {@link #awaitHealthy(Duration)}.
	 * @param environment added to this JVM's environment; {@code SERVER_PORT} is set from {@code port}
	 * @param dir where the log and PID files go (and the working directory {@code <dir>/<service>/})
	 */
	public static ServiceProcess launch(String service, Path jar, int port, Map<String, String> environment,
			Path dir) {
		return launch(service, jar, port, environment, dir, defaultJvmOptions());
	}

	public static ServiceProcess launch(String service, Path jar, int port, Map<String, String> environment,
			Path dir, List<String> jvmOptions) {
		return launch(service, jar, port, LocalStackConfig.freePort(), environment, dir, jvmOptions, List.of());
	}

	/**
	 * As {@link #launch(String, Path, int, Map, Path, List)}, with folders or jars added to the application's
	 * classpath through Spring Boot's {@code PropertiesLauncher} ({@code loader.path}): how a test adds a fault
	 * hook (an auto-configuration) to an unchanged service jar.
	 */
	public static ServiceProcess launch(String service, Path jar, int port, Map<String, String> environment,
			Path dir, List<String> jvmOptions, List<Path> loaderPath) {
		return launch(service, jar, port, LocalStackConfig.freePort(), environment, dir, jvmOptions, loaderPath);
	}

	/** @param managementPort the port of actuator ({@code MANAGEMENT_SERVER_PORT}) */
	public static ServiceProcess launch(String service, Path jar, int port, int managementPort,
			Map<String, String> environment, Path dir, List<String> jvmOptions) {
		return launch(service, jar, port, managementPort, environment, dir, jvmOptions, List.of());
	}

	private static ServiceProcess launch(String service, Path jar, int port, int managementPort,
			Map<String, String> environment, Path dir, List<String> jvmOptions, List<Path> loaderPath) {
		if (!Files.isRegularFile(jar)) {
			throw new NodeStartException(service + ": no runnable jar at " + jar
					+ " (build it: ./mvnw -pl " + service + " package -DskipTests)");
		}
		ServiceProcess process = new ServiceProcess(service, jar, port, managementPort, environment, dir, jvmOptions,
				loaderPath);
		process.launch();
		return process;
	}

	/**
	 * A port for a service to listen on, free now and outside the kernel's ephemeral range, so that no outgoing
	 * connection takes it between this choice and the service's bind seconds later.
	 */
	public static int freePort() {
		return LocalStackConfig.freePort();
	}

	/** Small heaps and the serial collector: four services, a broker and tests share two cores locally. */
	public static List<String> defaultJvmOptions() {
		return List.of("-Xms64m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto");
	}

	/**
	 * The runnable jar of a module: {@code <repo>/<module>/target/payonce-<module>-<version>-exec.jar}, the
	 * newest if several versions are there.
	 */
	public static Optional<Path> execJar(Path repoRoot, String module) {
		Path target = repoRoot.resolve(module).resolve("target");
		if (!Files.isDirectory(target)) {
			return Optional.empty();
		}
		String prefix = "payonce-" + module + "-";
		try (Stream<Path> files = Files.list(target)) {
			return files
				.filter(file -> file.getFileName().toString().startsWith(prefix)
						&& file.getFileName().toString().endsWith("-exec.jar"))
				.max(Comparator.comparing(file -> file.toFile().lastModified()));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Waits until the service reports UP; fails at once (with the end of its log) if the process exits, and
	 * kills it if the timeout passes.
	 * @return this
	 */
	public ServiceProcess awaitHealthy(Duration timeout) {
		awaitReady(timeout);
		return this;
	}

	/** (Re)starts the service and waits until it is healthy, e.g. after {@link #kill()}. */
	@Override
	public synchronized void start() {
		super.start();
	}

	public String service() {
		return name();
	}

	public int port() {
		return this.port;
	}

	public Path jar() {
		return this.jar;
	}

	/** {@code http://127.0.0.1:<port>}. */
	public String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	public int managementPort() {
		return this.managementPort;
	}

	/** {@code http://127.0.0.1:<management port>}: actuator ({@code /actuator/health}, {@code /actuator/prometheus}). */
	public String managementUrl() {
		return "http://127.0.0.1:" + this.managementPort;
	}

	/** {@code true} if {@code /actuator/health} answers UP right now. */
	public boolean isHealthy() {
		try {
			return probe();
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** The copy that actually runs, {@code <dir>/<service>/<jar name>}. */
	private Path runJar() {
		return nodeDir().resolve(this.jar.getFileName());
	}

	/**
	 * Runs a private copy of the jar: a rebuild of the module (another developer's {@code mvn package}) rewrites
	 * the jar in place, which would crash a JVM running from it. A copy taken while the jar is being written does
	 * not open as a jar; then wait for the writer and copy again.
	 */
	@Override
	void prepare() {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		IOException last = null;
		while (System.nanoTime() < deadline) {
			try {
				Files.copy(this.jar, runJar(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
				try (java.util.jar.JarFile copy = new java.util.jar.JarFile(runJar().toFile())) {
					if (copy.getManifest() != null && copy.stream().count() > 0) {
						return;
					}
				}
			}
			catch (IOException ex) {
				last = ex;
			}
			pauseBriefly();
		}
		throw new NodeStartException(name() + ": " + this.jar + " is not a readable jar (being rebuilt?)", last);
	}

	@Override
	List<String> command() {
		List<String> command = new ArrayList<>();
		command.add(javaExecutable());
		command.add(commandMarker(name()));
		command.addAll(this.jvmOptions);
		if (this.loaderPath.isEmpty()) {
			command.add("-jar");
			command.add(runJar().toString());
		}
		else {
			// PropertiesLauncher reads Start-Class from the manifest and adds loader.path to the jar's classpath
			command.add("-Dloader.path=" + this.loaderPath.stream()
				.map(path -> path.toAbsolutePath().toString())
				.collect(java.util.stream.Collectors.joining(",")));
			command.add("-cp");
			command.add(runJar().toString());
			command.add("org.springframework.boot.loader.launch.PropertiesLauncher");
		}
		return command;
	}

	@Override
	Map<String, String> environment() {
		return this.environment;
	}

	@Override
	List<Integer> ports() {
		return List.of(this.port, this.managementPort);
	}

	@Override
	Duration startTimeout() {
		return DEFAULT_START_TIMEOUT;
	}

	@Override
	boolean probe() throws IOException, InterruptedException {
		return isUp(this.managementPort);
	}

	/** Identifies a service's JVM by its command line, first so that it is within what the JDK reads of it. */
	static String commandMarker(String service) {
		return "-Dpayonce.service=" + service;
	}

	/** @param managementPort where the service's actuator listens */
	static boolean isUp(int managementPort) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/actuator/health"))
			.timeout(Duration.ofSeconds(2))
			.GET()
			.build();
		HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
		return response.statusCode() == 200 && response.body().replace(" ", "").contains("\"status\":\"UP\"");
	}

}
