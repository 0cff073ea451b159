package io.payonce.dlt.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged handler ({@code target/*-exec.jar}) as its own JVM, so that a test can SIGKILL it. Always
 * stopped by the test that started it ({@link #kill()} or {@link #stop()}).
 */
final class HandlerProcess {

	private final Process process;

	/** Where its actuator listens ({@code MANAGEMENT_SERVER_PORT}). */
	private final int managementPort;

	private final HttpClient http = HttpClient.newHttpClient();

	private HandlerProcess(Process process, int managementPort) {
		this.process = process;
		this.managementPort = managementPort;
	}

	static HandlerProcess start(Map<String, String> env, List<String> args, Path log) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx384m");
		command.add("-jar");
		command.add(execJar().toString());
		command.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(env);
		return new HandlerProcess(builder.start(), Integer.parseInt(env.get("MANAGEMENT_SERVER_PORT")));
	}

	/**
	 * One instance of a handler group of the test's own (its application id, audit trail and state), on the local
	 * stack's broker, with a ten-minute first rung (nothing is released while the test looks) and its health in
	 * detail (for {@link #streamsRunning}).
	 */
	static HandlerProcess startInGroup(String bootstrap, String applicationId, int port, Path stateDir, Path log)
			throws IOException {
		Map<String, String> env = new HashMap<>();
		env.put("SPRING_PROFILES_ACTIVE", "local");
		env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", bootstrap);
		env.put("SERVER_PORT", Integer.toString(port));
		env.put("MANAGEMENT_SERVER_PORT", Integer.toString(freePort()));
		env.put("MANAGEMENT_ENDPOINT_HEALTH_SHOW_DETAILS", "always");
		env.put("PAYONCE_DLT_STREAMS_APPLICATION_ID", applicationId);
		env.put("PAYONCE_DLT_STREAMS_STATE_DIR", stateDir.toString());
		env.put("PAYONCE_DLT_STREAMS_ADVERTISED_HOST", "127.0.0.1");
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", applicationId + "-audit");
		env.put("PAYONCE_DLT_RETRY_TIERS", "10m");
		return start(env, List.of(), log);
	}

	/** SIGKILL: no shutdown hook, no clean close of the Streams transaction. */
	void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(30, TimeUnit.SECONDS);
	}

	/** SIGTERM, then SIGKILL if it does not exit in time. */
	void stop() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(40, TimeUnit.SECONDS)) {
			kill();
		}
	}

	/** The health endpoint reports the Streams client RUNNING (not only started). */
	boolean streamsRunning() {
		return health().contains("\"RUNNING\"");
	}

	/** Both Streams apps, the retry ladder and the timeline, report RUNNING. */
	boolean bothStreamsRunning() {
		String health = health();
		return componentRunning(health, "retryStreamsHealth") && componentRunning(health, "timelineStreamsHealth");
	}

	/** The health component's own object (up to its first nested object's end) names the state RUNNING. */
	static boolean componentRunning(String health, String component) {
		int at = health.indexOf("\"" + component + "\":{");
		if (at < 0) {
			return false;
		}
		int end = health.indexOf("}}", at);
		return health.substring(at, (end < 0) ? health.length() : end).contains("\"RUNNING\"");
	}

	/** The actuator's health answer, empty while it does not listen yet. */
	private String health() {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health"))
			.timeout(Duration.ofSeconds(5))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString()).body();
		}
		catch (IOException ex) {
			return ""; // not listening yet
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * A port free right now, for SERVER_PORT and MANAGEMENT_SERVER_PORT: below the kernel's ephemeral range, where no
	 * outgoing connection takes it before the handler binds it (infra's choice, shared by every test process).
	 */
	static int freePort() {
		return io.payonce.infra.ServiceProcess.freePort();
	}

	private static Path execJar() throws IOException {
		try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "payonce-dlt-handler-*-exec.jar")) {
			for (Path jar : jars) {
				return jar.toAbsolutePath();
			}
		}
		throw new IllegalStateException("No exec jar in target/: run the build through 'package' first");
	}

}
