package io.payonce.e2e.deploy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The compose configuration is complete: the five exec jars start with nothing but the environment the
 * compose file gives them, against the real local stack, in the order of compose's depends_on between them
 * (reconciliation after deduct-consumer). Only the values Docker's network would provide are mapped
 * (kafka:9092, db:3306, redis:6379 to the stack's ports; every port a service listens on to a free one, since the
 * defaults may be taken; the volume paths to a temporary folder); every name stays as written. No application.yml
 * default can hide a missing variable here, because the defaults point at other ports.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DeployEnvironmentStartsTheServicesIT {

	private static final Duration START_TIMEOUT = Duration.ofMinutes(8);

	private static final Map<String, Process> PROCESSES = new LinkedHashMap<>();

	private static final Map<String, Integer> PORTS = new LinkedHashMap<>();

	private static final Map<String, Integer> MANAGEMENT_PORTS = new LinkedHashMap<>();

	private static final Map<String, Path> LOGS = new LinkedHashMap<>();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private static Path workDir;

	@BeforeAll
	static void startTheJarsWithTheComposeEnvironment() throws Exception {
		LocalStack stack = LocalStack.shared();
		workDir = Files.createTempDirectory("payonce-deploy-env-");
		ComposeFile compose = ComposeFile.main();
		Map<String, String> hosts = Map.of("kafka:9092", stack.kafka().bootstrapServers(), "db:3306",
				"127.0.0.1:" + stack.mariaDb().port(), "redis:6379", "127.0.0.1:" + stack.redis().port());
		for (String service : DeployFiles.SERVICES) {
			Path jar = DeployFiles.root()
				.resolve(service + "/target/payonce-" + service + "-" + DeployFiles.projectVersion() + "-exec.jar");
			assertThat(jar).as("runnable jar (./mvnw package builds it)").isRegularFile();
			Map<String, String> composeEnv = compose.environment(service);
			Map<String, String> env = new LinkedHashMap<>();
			composeEnv.forEach((name, value) -> env.put(name, mapValue(name, value, hosts, stack, service)));
			assertThat(env.keySet()).isEqualTo(composeEnv.keySet());
			PORTS.put(service, Integer.parseInt(env.get("SERVER_PORT")));
			MANAGEMENT_PORTS.put(service, Integer.parseInt(env.get("MANAGEMENT_SERVER_PORT")));
			// what compose would wait for: the services this one depends on, ready
			for (String dependency : compose.dependsOn(service).keySet()) {
				if (PROCESSES.containsKey(dependency)) {
					awaitReady(dependency);
				}
			}

			ProcessBuilder builder = new ProcessBuilder(
					Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString());
			builder.environment().clear();
			builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
			builder.environment().putAll(env);
			Path log = workDir.resolve(service + ".log");
			LOGS.put(service, log);
			builder.directory(workDir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
			PROCESSES.put(service, builder.start());
		}
	}

	@AfterAll
	static void stopWhatIsLeft() throws InterruptedException {
		for (Process process : PROCESSES.values()) {
			if (process.isAlive()) {
				process.destroy();
				if (!process.waitFor(90, TimeUnit.SECONDS)) {
					process.destroyForcibly();
				}
			}
		}
	}

	@Test
	@Order(1)
	void everyServiceBecomesReadyOnTheComposeEnvironmentAlone() throws Exception {
		for (String service : DeployFiles.SERVICES) {
			awaitReady(service);
			assertThat(get(MANAGEMENT_PORTS.get(service), "/actuator/health/liveness")).as(service)
				.contains("\"status\":\"UP\"");
		}
	}

	private static void awaitReady(String service) {
		await(service + " ready").atMost(START_TIMEOUT)
			.pollInterval(Duration.ofSeconds(2))
			.ignoreExceptions() // connection refused until the server listens
			.untilAsserted(() -> {
				assertThat(PROCESSES.get(service).isAlive()).as(service + " is running, log " + LOGS.get(service)).isTrue();
				assertThat(get(MANAGEMENT_PORTS.get(service), "/actuator/health/readiness")).as(service)
					.contains("\"status\":\"UP\"");
			});
	}

	@Test
	@Order(2)
	void actuatorIsAbsentFromEveryServicesOwnPort() throws Exception {
		for (String service : DeployFiles.SERVICES) {
			assertThat(status(PORTS.get(service), "/actuator/health")).as(service + " /actuator/health").isEqualTo(404);
			assertThat(status(PORTS.get(service), "/actuator/prometheus")).as(service + " /actuator/prometheus")
				.isEqualTo(404);
			assertThat(status(MANAGEMENT_PORTS.get(service), "/actuator/prometheus")).as(service).isEqualTo(200);
		}
	}

	@Test
	@Order(3)
	void sigtermEndsEveryServiceGracefully() throws Exception {
		for (String service : DeployFiles.SERVICES) {
			Process process = PROCESSES.get(service);
			process.destroy(); // SIGTERM, as docker stop and the kubelet send
			assertThat(process.waitFor(90, TimeUnit.SECONDS)).as(service + " stopped within its grace period").isTrue();
			assertThat(Files.readString(LOGS.get(service))).as(service).contains("Graceful shutdown complete");
		}
	}

	private static String mapValue(String name, String value, Map<String, String> hosts, LocalStack stack,
			String service) {
		if (name.equals("PAYONCE_RELAY_DATABASE_HOST")) {
			return "127.0.0.1";
		}
		if (name.equals("PAYONCE_RELAY_DATABASE_PORT")) {
			return Integer.toString(stack.mariaDb().port());
		}
		if (name.endsWith("_PORT")) {
			// a port the service listens on: SERVER_PORT, MANAGEMENT_SERVER_PORT, the gateway's lookup
			return Integer.toString(ServiceProcess.freePort());
		}
		if (value.startsWith("/var/lib/payonce")) {
			return workDir.resolve(service).toString() + value.substring("/var/lib/payonce".length());
		}
		String mapped = value;
		for (Map.Entry<String, String> host : hosts.entrySet()) {
			mapped = mapped.replace(host.getKey(), host.getValue());
		}
		return mapped;
	}

	private static String get(int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(3))
			.build();
		return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
	}

	private static int status(int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(3))
			.build();
		return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}


}
