package io.payonce.relay.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;

/**
 * The relay as its own operating-system process, started from the runnable {@code -exec.jar} the build
 * produced, so that a test can kill it with SIGKILL. {@link #close()} kills whatever is left.
 */
public final class RelayProcess implements AutoCloseable {

	private final Process process;

	private final int managementPort;

	private final Path log;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private RelayProcess(Process process, int managementPort, Path log) {
		this.process = process;
		this.managementPort = managementPort;
		this.log = log;
	}

	public static RelayProcess start(LocalStack stack, Map<String, String> extraEnv, Path log) {
		int managementPort = ServiceProcess.freePort(); // where /actuator/health answers
		List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx512m", "-jar", execJar().toString()));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(stack.serviceEnvironment("outbox-relay"));
		builder.environment().put("SERVER_PORT", Integer.toString(ServiceProcess.freePort()));
		builder.environment().put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
		builder.environment().putAll(extraEnv);
		try {
			return new RelayProcess(builder.start(), managementPort, log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start the relay process", ex);
		}
	}

	static Path execJar() {
		try (Stream<Path> files = Files.list(Paths.get("target"))) {
			return files.filter((file) -> file.getFileName().toString().matches("payonce-outbox-relay-.*-exec\\.jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No target/payonce-outbox-relay-*-exec.jar: run mvn verify"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static final String LOCAL_VIEWER = "Basic "
			+ Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));

	/** {@code /actuator/health} answered 200 (UP). */
	public boolean isHealthy() {
		return health().map((response) -> response.statusCode() == 200).orElse(false);
	}

	/** The {@code relay} health component's {@code role} (LEADER, STANDBY, JOINING), empty if it does not answer. */
	public Optional<String> role() {
		return detail("role");
	}

	/** A detail of the {@code relay} health component, e.g. {@code lastStepDown}; empty if absent. */
	public Optional<String> detail(String name) {
		Pattern detail = Pattern.compile("\"" + Pattern.quote(name) + "\":\"([^\"]*)\"");
		return health().map((response) -> detail.matcher(response.body()))
			.filter(Matcher::find)
			.map((found) -> found.group(1));
	}

	/** The answer of {@code /actuator/health} (503 while DOWN, details included), empty if none. */
	private Optional<HttpResponse<String>> health() {
		try {
			return Optional.of(this.http.send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health"))
						// the local profile's viewer: health details (the relay component) are for ops users only
						.header("Authorization", LOCAL_VIEWER)
						.timeout(Duration.ofSeconds(2))
						.build(),
					HttpResponse.BodyHandlers.ofString()));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** SIGKILL: no shutdown hook, no offset flush, a crash. */
	public void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor();
	}

	public Path log() {
		return this.log;
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			kill();
		}
	}

}
