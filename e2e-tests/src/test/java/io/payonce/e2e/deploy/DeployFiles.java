package io.payonce.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The deployment files of the repository, read as data: the compose file, its MySQL override, the Kubernetes
 * manifests, the Dockerfiles. Found from the working directory upwards, so the tests run from the module or
 * from the root.
 */
public final class DeployFiles {

	/** The five services, each a module directory, an image, a compose service and a k8s manifest. */
	static final List<String> SERVICES = List.of("producer-gateway", "outbox-relay", "deduct-consumer", "dlt-handler",
			"reconciliation");

	private DeployFiles() {
	}

	public static Path root() {
		Path dir = Path.of("").toAbsolutePath();
		while (dir != null) {
			if (Files.isRegularFile(dir.resolve("docs/conventions.md")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
				return dir;
			}
			dir = dir.getParent();
		}
		throw new IllegalStateException("Repository root (docs/conventions.md) not found above " + Path.of("").toAbsolutePath());
	}

	static Path composeFile() {
		return root().resolve("infra/docker-compose.yml");
	}

	static Path mysqlOverrideFile() {
		return root().resolve("infra/docker/docker-compose.mysql.yml");
	}

	static Path k8sDir() {
		return root().resolve("infra/k8s");
	}

	/** The one Dockerfile of every service. */
	static Path dockerfile() {
		return root().resolve("infra/docker/Dockerfile");
	}

	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static Map<String, Object> yaml(Path file) {
		Map<String, Object> map = new Yaml(new SafeConstructor(new LoaderOptions())).load(read(file));
		return (map != null) ? map : Map.of();
	}

	/** Every document of a multi-document YAML file (Kubernetes manifests), empty documents skipped. */
	static List<Map<String, Object>> yamlDocuments(Path file) {
		List<Map<String, Object>> documents = new ArrayList<>();
		for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(read(file))) {
			if (document != null) {
				documents.add(map(document));
			}
		}
		return documents;
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> map(Object value) {
		if (value == null) {
			return Map.of();
		}
		if (!(value instanceof Map)) {
			throw new IllegalArgumentException("Expected a mapping, got " + value);
		}
		return (Map<String, Object>) value;
	}

	@SuppressWarnings("unchecked")
	static List<Object> list(Object value) {
		if (value == null) {
			return List.of();
		}
		if (!(value instanceof List)) {
			throw new IllegalArgumentException("Expected a list, got " + value);
		}
		return (List<Object>) value;
	}

	/** The leaf at a dotted path of nested maps, or null. */
	static Object at(Map<String, Object> map, String dottedPath) {
		Object current = map;
		for (String part : dottedPath.split("\\.")) {
			if (!(current instanceof Map)) {
				return null;
			}
			current = ((Map<?, ?>) current).get(part);
		}
		return current;
	}

	/** Nested maps flattened to dotted keys: {@code server: {port: 1}} becomes {@code server.port=1}. */
	static Map<String, Object> flatten(Map<String, Object> map) {
		Map<String, Object> flat = new LinkedHashMap<>();
		flatten("", map, flat);
		return flat;
	}

	private static void flatten(String prefix, Map<String, Object> map, Map<String, Object> flat) {
		for (Map.Entry<String, Object> entry : map.entrySet()) {
			String key = prefix.isEmpty() ? String.valueOf(entry.getKey()) : prefix + "." + entry.getKey();
			if (entry.getValue() instanceof Map) {
				flatten(key, map(entry.getValue()), flat);
			}
			else {
				flat.put(key, entry.getValue());
			}
		}
	}

	/** The project version of the root POM, e.g. {@code 0.1.0-SNAPSHOT}. */
	static String projectVersion() {
		String pom = read(root().resolve("pom.xml"));
		int parentEnd = pom.indexOf("</parent>");
		String afterParent = pom.substring(Math.max(parentEnd, 0));
		java.util.regex.Matcher version = java.util.regex.Pattern.compile("<version>([^<]+)</version>").matcher(afterParent);
		if (!version.find()) {
			throw new IllegalStateException("No project version in the root pom.xml");
		}
		return version.group(1).trim();
	}

}
