package io.payonce.e2e.console;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.ServiceProcess;

import static org.awaitility.Awaitility.await;

/**
 * One dlt-handler as its own JVM ({@code java -jar} of its exec jar), held as a {@link Process} so that a test can
 * SIGKILL it and read the exit status the operating system reports (137 = killed by signal 9): the proof that the
 * fault happened. Stopped by {@link #close()} if still alive.
 */
final class DltHandlerInstance implements AutoCloseable {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private final String name;

	private final Process process;

	private final int port;

	private final int managementPort;

	private DltHandlerInstance(String name, Process process, int port, int managementPort) {
		this.name = name;
		this.process = process;
		this.port = port;
		this.managementPort = managementPort;
	}

	/**
	 * @param environment the handler's environment (ports are added here)
	 * @param args Spring command-line arguments
	 * @param logDir where {@code dlt-handler-<name>.log} is appended
	 */
	static DltHandlerInstance start(String name, Map<String, String> environment, List<String> args, Path logDir)
			throws IOException {
		// below the kernel's ephemeral range, as every service of the e2e tests (ServiceProcess.freePort)
		int port = ServiceProcess.freePort();
		int managementPort = ServiceProcess.freePort();
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx384m");
		command.add("-jar");
		command.add(Pipeline.execJar("dlt-handler").toString());
		command.addAll(args);
		Map<String, String> env = new LinkedHashMap<>(environment);
		env.put("SERVER_PORT", Integer.toString(port));
		env.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
		Path log = Files.createDirectories(logDir).resolve("dlt-handler-" + name + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(env);
		return new DltHandlerInstance(name, builder.start(), port, managementPort);
	}

	/** Waits until its health is UP (the retry ladder's Streams client runs, the console answers). */
	DltHandlerInstance awaitHealthy(Duration timeout) {
		await("dlt-handler " + this.name + " UP").atMost(timeout).pollInterval(Duration.ofMillis(500)).until(() -> {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("dlt-handler " + this.name + " exited with " + this.process.exitValue());
			}
			return healthStatus() == 200;
		});
		return this;
	}

	String name() {
		return this.name;
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	long pid() {
		return this.process.pid();
	}

	/** SIGKILL: no shutdown hook, no clean close of a transaction. @return the exit status the OS reports */
	int kill() throws InterruptedException {
		this.process.destroyForcibly();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			throw new IllegalStateException("dlt-handler " + this.name + " still alive 30 s after SIGKILL");
		}
		return this.process.exitValue();
	}

	/** SIGTERM, then SIGKILL if it does not exit in time. */
	@Override
	public void close() throws InterruptedException {
		if (!this.process.isAlive()) {
			return;
		}
		this.process.destroy();
		if (!this.process.waitFor(40, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
	}

	private int healthStatus() {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health"))
			.timeout(Duration.ofSeconds(2))
			.build();
		try {
			return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			return -1; // not listening yet
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

}
