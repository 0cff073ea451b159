package io.payonce.e2e.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.payonce.infra.ServiceProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The refusal end to end: the real exec jars, given what a deployment would give them but without the local
 * profile, stop before they open a port or a connection, with one line saying why, and a non-zero exit. No stack
 * is needed: nothing is reached before the check.
 */
class LocalValuesAreRefusedOutsideTheLocalProfileIT {

	private static final String REFUSAL = "Refusing to start outside the 'local' profile: ";

	@TempDir
	Path dir;

	@Test
	void theGatewayWithTheComposeSecretsButWithoutTheLocalProfileExitsNonZeroNamingThem() throws Exception {
		Map<String, String> env = new LinkedHashMap<>(ComposeFile.main().environment("producer-gateway"));
		assertThat(env.remove("SPRING_PROFILES_ACTIVE")).isEqualTo("local");

		Run run = start("producer-gateway", env);

		assertThat(run.exitCode()).as(run.log()).isNotZero();
		String refusal = run.refusalLine();
		assertThat(refusal).contains(
				"PAYONCE_GATEWAY_SIGNATURE_SECRETS is the published local value 'payonce-local-secret'",
				"payonce.gateway.signature.secrets[0] is 20 bytes long, a callback secret needs at least 32",
				"SPRING_DATASOURCE_PASSWORD is the published local value 'gateway-app-local'",
				"payonce.ops.users[0].password of 'viewer' is plain text");
		assertThat(run.log()).doesNotContain("Tomcat started", "HikariPool-1 - Start completed");
	}

	@Test
	void theConsoleWithTheManifestsPlaceholdersExitsNonZeroNamingThem() throws Exception {
		Map<String, String> env = new LinkedHashMap<>(DeployKubernetesManifestsTest.Manifest.of("dlt-handler").environment());

		Run run = start("dlt-handler", env);

		assertThat(run.exitCode()).as(run.log()).isNotZero();
		assertThat(run.refusalLine()).contains("PAYONCE_OPS_USERS_0_PASSWORD is the placeholder 'change-me'",
				"payonce.ops.users[0].password of 'admin' is plain text");
		assertThat(run.log()).doesNotContain("Tomcat started");
	}

	@Test
	void theConsoleWithoutAnyUserExitsNonZero() throws Exception {
		Map<String, String> env = new LinkedHashMap<>(ComposeFile.main().environment("dlt-handler"));
		env.remove("SPRING_PROFILES_ACTIVE");
		env.keySet().removeIf(name -> name.startsWith("PAYONCE_OPS_USERS_"));
		// a misspelt variable used to leave the console with admin/admin-local; now it leaves it not started
		env.put("PAYONCE_OPS_USER_0_NAME", "admin");

		Run run = start("dlt-handler", env);

		// every refusal is named in the one line: the compose file's local password for the ledger read (the dry
		// run's forecast) is refused too, beside the missing users
		assertThat(run.exitCode()).as(run.log()).isNotZero();
		assertThat(run.refusalLine()).startsWith(REFUSAL)
			.contains("PAYONCE_DLT_CONSOLE_LEDGER_PASSWORD is the published local value")
			.endsWith("no ops user is configured: set payonce.ops.users[0].name,"
					+ " .password ({bcrypt}...) and .role (ADMIN or VIEWER)");
	}

	private Run start(String service, Map<String, String> deployEnv) throws Exception {
		Path jar = DeployFiles.root()
			.resolve(service + "/target/payonce-" + service + "-" + DeployFiles.projectVersion() + "-exec.jar");
		assertThat(jar).as("runnable jar (./mvnw package builds it)").isRegularFile();
		Path log = this.dir.resolve(service + ".log");
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx256m", "-jar", jar.toString());
		builder.environment().clear();
		builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
		deployEnv.forEach((name, value) -> builder.environment()
			.put(name, name.endsWith("_PORT") && !name.contains("DATABASE") ? Integer.toString(ServiceProcess.freePort())
					: value));
		builder.directory(this.dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
		Process process = builder.start();
		try {
			assertThat(process.waitFor(3, TimeUnit.MINUTES)).as(service + " ended by itself").isTrue();
			return new Run(process.exitValue(), Files.readString(log));
		}
		finally {
			process.destroyForcibly();
		}
	}

	private record Run(int exitCode, String log) {

		/** The one line of Spring Boot's failure report that says why. */
		String refusalLine() {
			return this.log.lines()
				.filter(line -> line.startsWith(REFUSAL))
				.findFirst()
				.orElseThrow(() -> new AssertionError("no refusal line in:\n" + this.log));
		}

	}

}
