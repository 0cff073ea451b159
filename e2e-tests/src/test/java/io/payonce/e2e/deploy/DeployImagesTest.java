package io.payonce.e2e.deploy;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each service image: the module's runnable jar of the current version, unpacked into Spring Boot's layers,
 * on a JRE 17, as a non-root user, exposing the application's port, with java as PID 1 (exec form) so that
 * SIGTERM reaches the graceful shutdown. Compose builds each image from its module.
 */
class DeployImagesTest {

	private static final List<String> LAYERS = List.of("dependencies", "spring-boot-loader", "snapshot-dependencies",
			"application");

	@Test
	void eachImageIsTheLayeredExecJarOfThisVersionOnAJre17() {
		String version = DeployFiles.projectVersion();
		for (String service : DeployFiles.SERVICES) {
			assertThat(Dockerfiles.argDefault(service, "JAR_FILE")).as(service)
				.isEqualTo("target/payonce-" + service + "-" + version + "-exec.jar");
			List<String> all = Dockerfiles.instructions(service);
			assertThat(all).as(service)
				.anySatisfy(line -> assertThat(line).contains("-Djarmode=tools").contains("extract --layers --launcher"));
			List<String> last = Dockerfiles.finalStage(service);
			assertThat(last.get(0)).as(service).matches("FROM eclipse-temurin:17-jre(\\S*)?");
			// layers copied in order of change frequency, each its own COPY (one image layer each)
			List<String> copies = last.stream().filter(line -> line.startsWith("COPY --from=")).toList();
			assertThat(copies).as(service).hasSize(LAYERS.size());
			for (int i = 0; i < LAYERS.size(); i++) {
				assertThat(copies.get(i)).as(service).contains("/extracted/" + LAYERS.get(i) + "/");
			}
		}
	}

	@Test
	void eachImageRunsAsANonRootUserAndExposesTheApplicationPort() {
		for (String service : DeployFiles.SERVICES) {
			String user = Dockerfiles.userId(service);
			assertThat(user).as(service).isNotIn("root", "0").matches("\\d+");
			Object port = ServiceSettings.of(service).applicationDefault("server.port");
			assertThat(Dockerfiles.finalStage(service)).as(service).contains("EXPOSE " + port);
			String entrypoint = Dockerfiles.finalStage(service).stream()
				.filter(line -> line.startsWith("ENTRYPOINT "))
				.reduce((first, second) -> second)
				.orElseThrow();
			assertThat(entrypoint).as(service)
				.startsWith("ENTRYPOINT [\"java\"")
				.endsWith("\"org.springframework.boot.loader.launch.JarLauncher\"]");
		}
	}

	@Test
	void composeBuildsEachServiceFromItsModule() {
		ComposeFile compose = ComposeFile.main();
		for (String service : DeployFiles.SERVICES) {
			Object context = DeployFiles.at(compose.service(service), "build.context");
			assertThat(compose.resolveFromProject(String.valueOf(context))).as(service)
				.isEqualTo(DeployFiles.root().resolve(service));
		}
	}

}
