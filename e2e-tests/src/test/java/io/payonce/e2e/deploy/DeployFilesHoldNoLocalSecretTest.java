package io.payonce.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.payonce.ops.startup.UnsafeSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No value this repository publishes for the local stack (UnsafeSettings.LOCAL_VALUES: the callback secret, the
 * console and database passwords) is in a file that runs anywhere but locally: the Kubernetes manifests, the
 * Dockerfile, the services' application.yml and their code. Local files are the local profile's
 * application-local.yml, the compose files, the init scripts, infra's local stack and the tests. And every secret
 * the manifests carry is a placeholder the services refuse to start with.
 */
class DeployFilesHoldNoLocalSecretTest {

	@Test
	void noPublishedLocalValueOutsideTheLocalFiles() {
		List<String> found = new ArrayList<>();
		for (Path file : nonLocalFiles()) {
			String text = DeployFiles.read(file);
			for (String value : UnsafeSettings.LOCAL_VALUES) {
				if (text.contains(value)) {
					found.add(DeployFiles.root().relativize(file) + " contains " + value);
				}
			}
		}
		assertThat(found).isEmpty();
	}

	@Test
	void theCheckLooksWhereProductionSettingsLive() {
		List<String> files = nonLocalFiles().stream().map(file -> DeployFiles.root().relativize(file).toString()).toList();
		assertThat(files).contains("infra/k8s/producer-gateway.yaml", "infra/docker/Dockerfile",
				"producer-gateway/src/main/resources/application.yml",
				"producer-gateway/src/main/java/io/payonce/gateway/callback/SignatureProperties.java",
				"ops/src/main/java/io/payonce/ops/security/OpsProperties.java")
			.noneMatch(file -> file.endsWith("application-local.yml"));
	}

	@Test
	void everySecretOfTheManifestsIsAPlaceholderTheServicesRefuse() {
		List<String> accepted = new ArrayList<>();
		for (String service : DeployFiles.SERVICES) {
			Map<String, Object> secret = DeployKubernetesManifestsTest.Manifest.of(service)
				.object("Secret", service + "-secrets");
			DeployFiles.map(secret.get("stringData")).forEach((name, value) -> {
				if (name.contains("PASSWORD") || name.contains("SECRET")) {
					UnsafeSettings.Settings settings = new UnsafeSettings.Settings(Map.of(name, String.valueOf(value)),
							List.of(), List.of(), false);
					if (UnsafeSettings.problems(settings).isEmpty()) {
						accepted.add(service + ": " + name);
					}
				}
			});
		}
		assertThat(accepted).as("real-looking secrets committed to the manifests").isEmpty();
	}

	/** Everything that is deployed or shapes what is deployed, outside the local profile. */
	private static List<Path> nonLocalFiles() {
		Path root = DeployFiles.root();
		List<Path> files = new ArrayList<>();
		files.addAll(walk(DeployFiles.k8sDir()));
		files.add(DeployFiles.dockerfile());
		List<String> modules = new ArrayList<>(DeployFiles.SERVICES);
		modules.add("ops");
		modules.add("contract");
		for (String module : modules) {
			Path resources = root.resolve(module).resolve("src/main/resources/application.yml");
			if (Files.isRegularFile(resources)) {
				files.add(resources);
			}
			walk(root.resolve(module).resolve("src/main/java")).stream()
				// the one list of the published values, which the start-up check refuses
				.filter(file -> !file.endsWith("ops/startup/UnsafeSettings.java"))
				.forEach(files::add);
		}
		return files;
	}

	private static List<Path> walk(Path dir) {
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter(Files::isRegularFile).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
