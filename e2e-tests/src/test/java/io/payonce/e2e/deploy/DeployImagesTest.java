package io.payonce.e2e.deploy;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One Dockerfile shape for every service (infra/docker/Dockerfile, build argument MODULE): the module's runnable
 * jar of the current version, unpacked into Spring Boot's layers, on a JRE 17, as a non-root user, with java as
 * PID 1 (exec form) so that SIGTERM reaches the graceful shutdown. Compose builds every service from it; every
 * service has its image and its manifest.
 */
class DeployImagesTest {

	private static final List<String> LAYERS = List.of("dependencies", "spring-boot-loader", "snapshot-dependencies",
			"application");

	@Test
	void theOneDockerfileIsTheLayeredExecJarOfTheModuleItIsGivenOnAJre17() {
		assertThat(Dockerfiles.argDefault("MODULE")).as("ARG MODULE, no default").isEmpty();
		assertThat(Dockerfiles.argDefault("VERSION")).isEqualTo(DeployFiles.projectVersion());
		List<String> all = Dockerfiles.instructions();
		assertThat(all).contains("COPY ${MODULE}/target/payonce-${MODULE}-${VERSION}-exec.jar app.jar")
			.anySatisfy(line -> assertThat(line).contains("-Djarmode=tools").contains("extract --layers --launcher"));
		List<String> last = Dockerfiles.finalStage();
		assertThat(last.get(0)).matches("FROM eclipse-temurin:17-jre(\\S*)?");
		// layers copied in order of change frequency, each its own COPY (one image layer each)
		List<String> copies = last.stream().filter(line -> line.startsWith("COPY --from=")).toList();
		assertThat(copies).hasSize(LAYERS.size());
		for (int i = 0; i < LAYERS.size(); i++) {
			assertThat(copies.get(i)).contains("/extracted/" + LAYERS.get(i) + "/");
		}
	}

	@Test
	void theImageRunsAsANonRootUserWithJavaAsPid1() {
		assertThat(Dockerfiles.userId()).isNotIn("root", "0").matches("\\d+");
		String entrypoint = Dockerfiles.finalStage().stream()
			.filter(line -> line.startsWith("ENTRYPOINT "))
			.reduce((first, second) -> second)
			.orElseThrow();
		assertThat(entrypoint).startsWith("ENTRYPOINT [\"java\"")
			.endsWith("\"org.springframework.boot.loader.launch.JarLauncher\"]");
	}

	@Test
	void composeBuildsEveryServiceFromTheOneDockerfileAndNoModuleHasACopy() {
		ComposeFile compose = ComposeFile.main();
		for (String service : DeployFiles.SERVICES) {
			Map<String, Object> build = DeployFiles.map(compose.service(service).get("build"));
			assertThat(compose.resolveFromProject(String.valueOf(build.get("context")))).as(service)
				.isEqualTo(DeployFiles.root());
			assertThat(DeployFiles.root().resolve(String.valueOf(build.get("dockerfile")))).as(service)
				.isEqualTo(DeployFiles.dockerfile());
			assertThat(DeployFiles.map(build.get("args"))).as(service).containsEntry("MODULE", service);
			assertThat(Files.exists(DeployFiles.root().resolve(service).resolve("Dockerfile"))).as(service + "/Dockerfile")
				.isFalse();
		}
	}

	@Test
	void everyServiceHasAnImageAndAManifest() {
		ComposeFile compose = ComposeFile.main();
		String version = DeployFiles.projectVersion();
		for (String service : DeployFiles.SERVICES) {
			assertThat(compose.service(service).get("image")).as(service).isEqualTo("payonce/" + service + ":local");
			DeployKubernetesManifestsTest.Manifest manifest = DeployKubernetesManifestsTest.Manifest.of(service);
			assertThat(manifest.container().get("image")).as(service)
				.isEqualTo("payonce/" + service + ":" + version);
			// the module builds the runnable jar the Dockerfile copies
			assertThat(DeployFiles.read(DeployFiles.root().resolve(service).resolve("pom.xml"))).as(service)
				.contains("<artifactId>spring-boot-maven-plugin</artifactId>");
		}
	}

}
