package io.payonce.e2e.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A compose file read as data, with the few accessors the checks need (both short and long syntax). */
final class ComposeFile {

	private final Path file;

	private final Map<String, Object> root;

	private ComposeFile(Path file) {
		this.file = file;
		this.root = DeployFiles.yaml(file);
	}

	static ComposeFile main() {
		return new ComposeFile(DeployFiles.composeFile());
	}

	static ComposeFile mysqlOverride() {
		return new ComposeFile(DeployFiles.mysqlOverrideFile());
	}

	Path file() {
		return this.file;
	}

	Set<String> serviceNames() {
		return DeployFiles.map(this.root.get("services")).keySet();
	}

	Map<String, Object> service(String name) {
		Object service = DeployFiles.map(this.root.get("services")).get(name);
		if (service == null) {
			throw new AssertionError(this.file + " has no service " + name);
		}
		return DeployFiles.map(service);
	}

	Set<String> declaredVolumes() {
		return DeployFiles.map(this.root.get("volumes")).keySet();
	}

	/** The environment of a service, from the mapping or the {@code KEY=value} list form. */
	Map<String, String> environment(String name) {
		Object environment = service(name).get("environment");
		Map<String, String> env = new LinkedHashMap<>();
		if (environment instanceof List) {
			for (Object entry : DeployFiles.list(environment)) {
				String text = String.valueOf(entry);
				int eq = text.indexOf('=');
				env.put((eq < 0) ? text : text.substring(0, eq), (eq < 0) ? "" : text.substring(eq + 1));
			}
		}
		else {
			DeployFiles.map(environment).forEach((key, value) -> env.put(key, (value == null) ? "" : String.valueOf(value)));
		}
		return env;
	}

	/** depends_on as service → condition; the short list form means {@code service_started}. */
	Map<String, String> dependsOn(String name) {
		Object dependsOn = service(name).get("depends_on");
		Map<String, String> conditions = new LinkedHashMap<>();
		if (dependsOn instanceof List) {
			DeployFiles.list(dependsOn).forEach(target -> conditions.put(String.valueOf(target), "service_started"));
		}
		else {
			DeployFiles.map(dependsOn).forEach((target, spec) -> {
				Object condition = DeployFiles.map(spec).get("condition");
				conditions.put(target, (condition == null) ? "service_started" : String.valueOf(condition));
			});
		}
		return conditions;
	}

	/** The health check command as one string, or null when there is none or it is disabled. */
	String healthcheck(String name) {
		Map<String, Object> healthcheck = DeployFiles.map(service(name).get("healthcheck"));
		if (healthcheck.isEmpty() || Boolean.TRUE.equals(healthcheck.get("disable"))) {
			return null;
		}
		Object test = healthcheck.get("test");
		if (test instanceof List) {
			List<Object> parts = DeployFiles.list(test);
			if (parts.isEmpty() || "NONE".equals(parts.get(0))) {
				return null;
			}
			return String.join(" ", parts.stream().map(String::valueOf).toList());
		}
		return (test == null) ? null : String.valueOf(test);
	}

	/** A job that runs once and exits (restart "no"), such as the topic creation. */
	boolean isOneShot(String name) {
		return "no".equals(String.valueOf(service(name).get("restart")));
	}

	/** Short-syntax volume entries, {@code source:target[:mode]}. */
	List<String[]> volumes(String name) {
		List<String[]> volumes = new ArrayList<>();
		for (Object entry : DeployFiles.list(service(name).get("volumes"))) {
			volumes.add(String.valueOf(entry).split(":"));
		}
		return volumes;
	}

	/** Short-syntax port entries as {@code published, target}, whatever host address they are bound to. */
	List<String[]> ports(String name) {
		List<String[]> ports = new ArrayList<>();
		for (String entry : portEntries(name)) {
			String[] parts = entry.split(":");
			ports.add(new String[] { parts[parts.length - 2], parts[parts.length - 1] });
		}
		return ports;
	}

	/** Short-syntax port entries as written, {@code [host address:]published:target}. */
	List<String> portEntries(String name) {
		return DeployFiles.list(service(name).get("ports")).stream().map(String::valueOf).toList();
	}

	/** A path of this file resolved as compose does: against the directory of the main compose file. */
	Path resolveFromProject(String relative) {
		return DeployFiles.composeFile().getParent().resolve(relative).normalize();
	}

}
