package io.payonce.ops.startup;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.ops.security.OpsProperties;

/**
 * The settings a service must not run with outside the {@code local} profile, as plain rules over plain values
 * (the Spring side, {@link UnsafeSettingsCheck}, only collects them). Each problem is one sentence that names
 * the setting and what to do, in ASCII (a log without a UTF-8 locale must still read it); no rule ever prints a
 * value that is not already public.
 * <ul>
 * <li>a secret-like setting (a name ending in password, secret, secrets, token or key) holding a value this
 * repository publishes for the local stack, or a placeholder such as the manifests' {@code change-me};</li>
 * <li>an HMAC callback secret shorter than {@value #MIN_CALLBACK_SECRET_BYTES} bytes (RFC 2104: a key shorter
 * than the hash output weakens it; SHA-256 outputs 32 bytes);</li>
 * <li>a service with an ops API and no ops user (a misspelt variable would otherwise leave it without users
 * and without saying so);</li>
 * <li>an ops password that is plain text, {@code {noop}}, or a fast digest instead of a password hash.</li>
 * </ul>
 */
public final class UnsafeSettings {

	/** Every secret value this repository publishes for the local stack (README, compose, init scripts). */
	public static final Set<String> LOCAL_VALUES = Set.of("payonce-local-secret", "admin-local", "viewer-local",
			"gateway-local", "gateway-app-local", "trade-local", "trade-app-local", "reconciliation-local",
			"cdc-local", "root-local", "kafka-ui-local");

	/** Values nobody means as a secret: the manifests' placeholders and the usual defaults. */
	private static final Pattern PLACEHOLDER = Pattern
		.compile("(?i)^(.*change[-_ ]?me.*|.*replace[-_ ]?me.*|<.*>|\\$\\{.*}|password|secret|admin|root|changeit|default)$");

	/** HMAC-SHA256 keys: at least as long as the hash output. */
	public static final int MIN_CALLBACK_SECRET_BYTES = 32;

	/** The settings that hold HMAC keys of the callback signature (several while rotating). */
	public static final String CALLBACK_SECRETS = "payonce.gateway.signature.secrets";

	/** Spring Security encodings that are password hashes (slow, salted); anything else is refused. */
	private static final Set<String> PASSWORD_HASHES = Set.of("bcrypt", "argon2", "argon2@springsecurity_v5_8",
			"pbkdf2", "pbkdf2@springsecurity_v5_8", "scrypt", "scrypt@springsecurity_v5_8");

	private static final Pattern ENCODING = Pattern.compile("^\\{([^}]*)}");

	private UnsafeSettings() {
	}

	/**
	 * What a service would run with.
	 *
	 * @param secrets every secret-like setting, by the name it was given under (a comma-separated value is
	 * several secrets)
	 * @param callbackSecrets the HMAC keys of {@value #CALLBACK_SECRETS}, empty if the service has none
	 * @param users the ops users
	 * @param usersRequired whether the service has an ops API that needs users
	 */
	public record Settings(Map<String, String> secrets, List<String> callbackSecrets, List<OpsProperties.User> users,
			boolean usersRequired) {

		public Settings {
			secrets = Map.copyOf(secrets);
			callbackSecrets = List.copyOf(callbackSecrets);
			users = List.copyOf(users);
		}

	}

	/** Every problem, each once, in a stable order; empty if the settings are safe to run with. */
	public static List<String> problems(Settings settings) {
		Set<String> problems = new LinkedHashSet<>();
		settings.secrets().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((secret) -> {
			for (String value : secret.getValue().split(",")) {
				String known = publicValue(value.trim());
				if (known != null) {
					problems.add(secret.getKey() + " is " + known);
				}
			}
		});
		List<String> callbackSecrets = settings.callbackSecrets();
		for (int i = 0; i < callbackSecrets.size(); i++) {
			int bytes = callbackSecrets.get(i).trim().getBytes(StandardCharsets.UTF_8).length;
			if (bytes < MIN_CALLBACK_SECRET_BYTES) {
				problems.add(CALLBACK_SECRETS + "[" + i + "] is " + bytes + " bytes long, a callback secret needs at least "
						+ MIN_CALLBACK_SECRET_BYTES + " (e.g. openssl rand -hex 32)");
			}
		}
		if (settings.usersRequired() && settings.users().isEmpty()) {
			problems.add("no ops user is configured: set payonce.ops.users[0].name, .password ({bcrypt}...) and .role"
					+ " (ADMIN or VIEWER)");
		}
		List<OpsProperties.User> users = settings.users();
		for (int i = 0; i < users.size(); i++) {
			String weakness = weakness(users.get(i).password());
			if (weakness != null) {
				problems.add("payonce.ops.users[" + i + "].password of '" + users.get(i).name() + "' is " + weakness
						+ ": give a password hash, e.g. {bcrypt}$2a$10$... (SECURITY.md)");
			}
		}
		return new ArrayList<>(problems);
	}

	/** What is wrong with a value that is public, or null if it is not a known or placeholder value. */
	static String publicValue(String value) {
		if (value.isEmpty()) {
			return null;
		}
		if (LOCAL_VALUES.contains(value.toLowerCase(Locale.ROOT))) {
			return "the published local value '" + value + "'";
		}
		if (PLACEHOLDER.matcher(value).matches()) {
			return "the placeholder '" + value + "'";
		}
		return null;
	}

	/** Why an ops password is not a password hash, or null if it is one. */
	static String weakness(String password) {
		if (password == null || password.isBlank()) {
			return "empty";
		}
		Matcher encoding = ENCODING.matcher(password);
		if (!encoding.find()) {
			return "plain text";
		}
		String id = encoding.group(1).toLowerCase(Locale.ROOT);
		if (id.equals("noop")) {
			return "plain text ({noop})";
		}
		if (!PASSWORD_HASHES.contains(id)) {
			return "{" + encoding.group(1) + "}, a digest, not a password hash";
		}
		if (password.length() == encoding.end()) {
			return "a prefix without a hash";
		}
		return null;
	}

}
