package io.payonce.e2e.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The settings one service really reads, collected from its own sources, and the environment variable names
 * that set them through Spring's relaxed binding.
 * <p>
 * Sources: the keys of its {@code application*.yml|properties}; the components of its (and of the PayOnce
 * modules it depends on, such as {@code ops}) {@code @ConfigurationProperties} records (prefix + kebab-case name, nested records and lists of them
 * followed); the keys of {@code @Value("${…}")} and {@code @ConditionalOnProperty}; and a short list of
 * well-known Spring Boot keys, each admitted only when the module has the starter that reads it (no
 * {@code SPRING_KAFKA_*} on a service without spring-kafka).
 * <p>
 * Relaxed binding, as Spring's {@code SystemEnvironmentPropertyMapper} does it: dots become underscores and
 * dashes are either dropped or become underscores ({@code failure-policy} → {@code FAILUREPOLICY} or
 * {@code FAILURE_POLICY}); a list index is a number segment ({@code users[0].name} → {@code USERS_0_NAME}).
 */
final class ServiceSettings {

	private static final Pattern CONFIG_PROPERTIES = Pattern
		.compile("@ConfigurationProperties\\(\\s*(?:(?:prefix|value)\\s*=\\s*)?\"([^\"]+)\"");

	private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*(?:<[^>]*>)?\\s*\\(");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-\\[\\]]+)(?::[^}]*)?}");

	private static final Pattern CONDITIONAL_ON_PROPERTY = Pattern
		.compile("@ConditionalOnProperty\\((?:[^)]*?prefix\\s*=\\s*\"([^\"]+)\")?[^)]*?(?:name|value)\\s*=\\s*\"([^\"]+)\"");

	private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);

	/** Keys read by Spring Boot itself, by the starter (artifactId) that brings the code reading them. */
	private static final Map<String, List<String>> WELL_KNOWN = Map.of(
			// spring-boot core: every application
			"", List.of("spring.application.name", "spring.profiles.active", "spring.lifecycle.timeout-per-shutdown-phase",
					"spring.main.banner-mode", "logging.level.root"),
			"spring-boot-starter-webmvc", List.of("server.port", "server.address", "server.shutdown",
					"server.servlet.context-path", "server.tomcat.threads.max"),
			"spring-boot-starter-web", List.of("server.port", "server.address", "server.shutdown",
					"server.servlet.context-path", "server.tomcat.threads.max"),
			"spring-boot-starter-actuator", List.of("management.endpoint.health.probes.enabled",
					"management.endpoint.health.show-details", "management.endpoints.web.exposure.include",
					"management.server.port"),
			"spring-boot-starter-jdbc", List.of("spring.datasource.url", "spring.datasource.username",
					"spring.datasource.password", "spring.datasource.driver-class-name",
					"spring.datasource.hikari.maximum-pool-size", "spring.datasource.hikari.connection-timeout"),
			"spring-boot-starter-flyway", List.of("spring.flyway.enabled", "spring.flyway.locations",
					"spring.flyway.user", "spring.flyway.password"),
			"spring-boot-starter-kafka", List.of("spring.kafka.bootstrap-servers", "spring.kafka.client-id",
					"spring.kafka.consumer.group-id", "spring.kafka.security.protocol"));

	private static final Set<String> SIMPLE_TYPES = Set.of("String", "Integer", "int", "Long", "long", "Short", "short",
			"Boolean", "boolean", "Duration", "DataSize", "BigDecimal", "Path", "URI", "Double", "double", "Character",
			"char");

	private final String module;

	/** Property name (dotted, kebab-case, {@code [*]} for a list index) → where it was found. */
	private final Map<String, String> keys = new TreeMap<>();

	/** Prefixes under which any key binds (maps): property prefix → where it was found. */
	private final Map<String, String> openPrefixes = new TreeMap<>();

	private final Map<String, Object> applicationDefaults = new LinkedHashMap<>();

	private final Map<String, Pattern> patterns = new java.util.HashMap<>();

	private ServiceSettings(String module) {
		this.module = module;
	}

	/** Reads the module's sources under {@code <root>/<module>/src/main} and its {@code pom.xml}. */
	static ServiceSettings of(String module) {
		Path moduleDir = DeployFiles.root().resolve(module);
		if (!Files.isDirectory(moduleDir.resolve("src/main"))) {
			throw new IllegalArgumentException("No module " + module + " at " + moduleDir);
		}
		ServiceSettings settings = new ServiceSettings(module);
		settings.readApplicationFiles(moduleDir.resolve("src/main/resources"));
		settings.readJavaSources(moduleDir.resolve("src/main/java"));
		String pom = DeployFiles.read(moduleDir.resolve("pom.xml"));
		for (String library : payonceLibraries(pom)) {
			settings.readJavaSources(DeployFiles.root().resolve(library).resolve("src/main/java"));
		}
		settings.readWellKnown(pom);
		return settings;
	}

	String module() {
		return this.module;
	}

	/** Whether setting this environment variable changes a setting the service reads. */
	boolean reads(String envName) {
		return source(envName) != null;
	}

	/** Where the setting behind this environment variable comes from, or null if the service reads none. */
	String source(String envName) {
		for (Map.Entry<String, String> key : this.keys.entrySet()) {
			if (this.patterns.computeIfAbsent(key.getKey(), name -> envPattern(name, false)).matcher(envName).matches()) {
				return key.getKey() + " (" + key.getValue() + ")";
			}
		}
		for (Map.Entry<String, String> prefix : this.openPrefixes.entrySet()) {
			if (envPattern(prefix.getKey(), true).matcher(envName).matches()) {
				return prefix.getKey() + ".* (" + prefix.getValue() + ")";
			}
		}
		return null;
	}

	/** A value of the service's own application.yml, e.g. {@code server.port}, or null. */
	Object applicationDefault(String key) {
		return this.applicationDefaults.get(key);
	}

	Set<String> keys() {
		return this.keys.keySet();
	}

	/** Env var name for a property name, the form Spring documents (dashes dropped). */
	static String envName(String propertyName) {
		return propertyName.replace("-", "").replace('.', '_').replace("[", "_").replace("]", "").toUpperCase(Locale.ROOT);
	}

	static Pattern envPattern(String propertyName, boolean open) {
		List<String> forms = new ArrayList<>();
		for (boolean legacy : new boolean[] { false, true }) {
			List<String> segments = new ArrayList<>();
			for (String segment : propertyName.replace("[*]", ".[*]").split("\\.")) {
				if (segment.equals("[*]")) {
					segments.add("\\d+");
				}
				else {
					String name = legacy ? segment.replace('-', '_') : segment.replace("-", "");
					segments.add(Pattern.quote(name.toUpperCase(Locale.ROOT)));
				}
			}
			forms.add(String.join("_", segments) + (open ? "_[A-Z0-9_]+" : ""));
		}
		return Pattern.compile("(?:" + String.join("|", forms) + ")");
	}

	private void readApplicationFiles(Path resources) {
		for (Path file : list(resources, 1)) {
			String name = file.getFileName().toString();
			if (!name.startsWith("application")) {
				continue;
			}
			if (name.endsWith(".yml") || name.endsWith(".yaml")) {
				DeployFiles.flatten(DeployFiles.yaml(file)).forEach((key, value) -> {
					this.keys.putIfAbsent(key, name);
					if (name.equals("application.yml") || name.equals("application.yaml")) {
						this.applicationDefaults.put(key, value);
					}
				});
			}
			else if (name.endsWith(".properties")) {
				for (String line : DeployFiles.read(file).split("\n")) {
					String trimmed = line.trim();
					int eq = trimmed.indexOf('=');
					if (!trimmed.startsWith("#") && eq > 0) {
						String key = trimmed.substring(0, eq).trim();
						this.keys.putIfAbsent(key, name);
						this.applicationDefaults.putIfAbsent(key, trimmed.substring(eq + 1).trim());
					}
				}
			}
		}
	}

	private void readJavaSources(Path sources) {
		for (Path file : list(sources, Integer.MAX_VALUE)) {
			if (!file.toString().endsWith(".java")) {
				continue;
			}
			String source = DeployFiles.read(file);
			String where = file.getFileName().toString();
			Matcher placeholder = PLACEHOLDER.matcher(source);
			while (placeholder.find()) {
				this.keys.putIfAbsent(placeholder.group(1), where + " @Value");
			}
			Matcher conditional = CONDITIONAL_ON_PROPERTY.matcher(source);
			while (conditional.find()) {
				String prefix = (conditional.group(1) != null) ? conditional.group(1) + "." : "";
				this.keys.putIfAbsent(prefix + conditional.group(2), where + " @ConditionalOnProperty");
			}
			Matcher annotation = CONFIG_PROPERTIES.matcher(source);
			if (annotation.find()) {
				readConfigurationProperties(annotation.group(1), source, annotation.end(), where);
			}
		}
	}

	/** The record (or JavaBean) that follows the annotation; nested records of the same file are followed. */
	private void readConfigurationProperties(String prefix, String source, int from, String where) {
		Map<String, List<String[]>> records = recordsOf(source);
		Matcher record = RECORD.matcher(source);
		if (record.find(from)) {
			addComponents(prefix, record.group(1), records, where, 0);
			return;
		}
		// A JavaBean: its instance fields
		Matcher field = Pattern.compile("(?m)^\\s*(?:private|protected)\\s+(?!static)(?:final\\s+)?([\\w<>,.? ]+?)\\s+(\\w+)\\s*[;=]")
			.matcher(source.substring(from));
		while (field.find()) {
			addComponent(prefix, field.group(1).trim(), field.group(2), records, where, 0);
		}
	}

	private void addComponents(String prefix, String recordName, Map<String, List<String[]>> records, String where,
			int depth) {
		for (String[] component : records.getOrDefault(recordName, List.of())) {
			addComponent(prefix, component[0], component[1], records, where, depth);
		}
	}

	private void addComponent(String prefix, String type, String name, Map<String, List<String[]>> records,
			String where, int depth) {
		String key = prefix + "." + kebab(name);
		String raw = type.replaceAll("@\\w+(\\([^)]*\\))?\\s*", "").replace(" ", "");
		Matcher generic = Pattern.compile("(?:java\\.util\\.)?(List|Set|Collection)<(.+)>").matcher(raw);
		if (raw.startsWith("Map<") || raw.startsWith("java.util.Map<")) {
			this.openPrefixes.putIfAbsent(key, where);
		}
		else if (generic.matches()) {
			String element = generic.group(2);
			if (records.containsKey(element) && depth < 5) {
				addComponents(key + "[*]", element, records, where, depth + 1);
			}
			else {
				// comma-separated in one variable, or one variable per index
				this.keys.putIfAbsent(key, where);
				this.keys.putIfAbsent(key + "[*]", where);
			}
		}
		else if (records.containsKey(raw) && !SIMPLE_TYPES.contains(raw) && depth < 5) {
			addComponents(key, raw, records, where, depth + 1);
		}
		else {
			this.keys.putIfAbsent(key, where);
		}
	}

	/** Every record declared in a source file: name → components as {type, name}. */
	static Map<String, List<String[]>> recordsOf(String source) {
		Map<String, List<String[]>> records = new LinkedHashMap<>();
		Matcher record = RECORD.matcher(source);
		while (record.find()) {
			int open = record.end() - 1;
			int close = matchingParen(source, open);
			List<String[]> components = new ArrayList<>();
			for (String component : splitTopLevel(source.substring(open + 1, close))) {
				String cleaned = component.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "").trim();
				// drop annotations with their arguments, keep "Type name"
				cleaned = cleaned.replaceAll("@[\\w.]+\\s*(\\((?:[^()]|\\([^()]*\\))*\\))?", " ").trim();
				if (cleaned.isEmpty()) {
					continue;
				}
				int lastSpace = cleaned.lastIndexOf(' ');
				if (lastSpace > 0) {
					components.add(new String[] { cleaned.substring(0, lastSpace).trim(), cleaned.substring(lastSpace + 1) });
				}
			}
			records.put(record.group(1), components);
		}
		return records;
	}

	private static int matchingParen(String text, int open) {
		int depth = 0;
		boolean inString = false;
		for (int i = open; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"' && text.charAt(i - 1) != '\\') {
				inString = !inString;
			}
			else if (!inString && c == '(') {
				depth++;
			}
			else if (!inString && c == ')' && --depth == 0) {
				return i;
			}
		}
		throw new IllegalArgumentException("Unbalanced parentheses from " + open);
	}

	private static List<String> splitTopLevel(String text) {
		List<String> parts = new ArrayList<>();
		int depth = 0;
		boolean inString = false;
		StringBuilder current = new StringBuilder();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"' && (i == 0 || text.charAt(i - 1) != '\\')) {
				inString = !inString;
			}
			if (!inString) {
				if (c == '(' || c == '<' || c == '{') {
					depth++;
				}
				else if (c == ')' || c == '>' || c == '}') {
					depth--;
				}
				else if (c == ',' && depth == 0) {
					parts.add(current.toString());
					current.setLength(0);
					continue;
				}
			}
			current.append(c);
		}
		parts.add(current.toString());
		return parts;
	}

	/**
	 * The PayOnce modules a service depends on at run time whose settings it therefore reads (module directory =
	 * artifactId without {@code payonce-}); the contract has none.
	 */
	static List<String> payonceLibraries(String pom) {
		List<String> libraries = new ArrayList<>();
		Matcher dependency = DEPENDENCY.matcher(pom);
		while (dependency.find()) {
			String body = dependency.group(1);
			Matcher artifact = Pattern.compile("<artifactId>payonce-([^<]+)</artifactId>").matcher(body);
			if (body.contains("<groupId>io.payonce</groupId>") && !body.contains("<scope>test</scope>")
					&& artifact.find()) {
				libraries.add(artifact.group(1).trim());
			}
		}
		return libraries;
	}

	private void readWellKnown(String pom) {
		Set<String> starters = new LinkedHashSet<>();
		starters.add("");
		Matcher dependency = DEPENDENCY.matcher(pom);
		while (dependency.find()) {
			String body = dependency.group(1);
			Matcher artifact = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(body);
			boolean testScope = body.contains("<scope>test</scope>");
			if (artifact.find() && !testScope) {
				starters.add(artifact.group(1).trim());
			}
		}
		for (String starter : starters) {
			for (String key : WELL_KNOWN.getOrDefault(starter, List.of())) {
				this.keys.putIfAbsent(key, starter.isEmpty() ? "spring-boot" : starter);
			}
		}
	}

	static String kebab(String camel) {
		return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}

	private static List<Path> list(Path dir, int depth) {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(dir, depth)) {
			return files.filter(Files::isRegularFile).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
