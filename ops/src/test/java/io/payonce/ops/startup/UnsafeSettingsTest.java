package io.payonce.ops.startup;

import java.util.List;
import java.util.Map;

import io.payonce.ops.security.OpsProperties;
import io.payonce.ops.security.OpsProperties.Role;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Each setting a service must not run with outside the local profile, and what is fine. */
class UnsafeSettingsTest {

	private static final String BCRYPT = "{bcrypt}$2a$10$dXJ3SW6G7P50lGmMkkmwe.20cQQubK3.HZWzG3YB1tlRy.fqvM/BG";

	private static final String STRONG_SECRET = "4f9a1c2e8b7d6a5f4e3d2c1b0a9f8e7d";

	@Test
	void realValuesPass() {
		assertThat(UnsafeSettings.problems(settings(Map.of("spring.datasource.password", "Xk2-rT9q-local-is-not-here"),
				List.of(STRONG_SECRET), List.of(admin(BCRYPT)), true))).isEmpty();
	}

	@Test
	void aPublishedLocalValueIsRefusedWhateverTheSettingIsCalled() {
		List<String> problems = UnsafeSettings.problems(settings(
				Map.of("SPRING_DATASOURCE_PASSWORD", "gateway-local", "payonce.relay.database.password", "cdc-local"),
				List.of(), List.of(admin(BCRYPT)), true));

		assertThat(problems).containsExactly("SPRING_DATASOURCE_PASSWORD is the published local value 'gateway-local'",
				"payonce.relay.database.password is the published local value 'cdc-local'");
	}

	@Test
	void theLocalCallbackSecretIsRefusedEvenAmongRotatedOnes() {
		List<String> problems = UnsafeSettings.problems(settings(
				Map.of("PAYONCE_GATEWAY_SIGNATURE_SECRETS", STRONG_SECRET + ",payonce-local-secret"),
				List.of(STRONG_SECRET, "payonce-local-secret"), List.of(admin(BCRYPT)), true));

		assertThat(problems).contains(
				"PAYONCE_GATEWAY_SIGNATURE_SECRETS is the published local value 'payonce-local-secret'",
				"payonce.gateway.signature.secrets[1] is 20 bytes long, a callback secret needs at least 32"
						+ " (e.g. openssl rand -hex 32)");
	}

	@Test
	void theManifestPlaceholderIsRefused() {
		assertThat(UnsafeSettings.problems(settings(Map.of("PAYONCE_OPS_USERS_1_PASSWORD", "change-me-too"), List.of(),
				List.of(admin(BCRYPT)), true)))
			.containsExactly("PAYONCE_OPS_USERS_1_PASSWORD is the placeholder 'change-me-too'");
	}

	@Test
	void aCallbackSecretShorterThan32BytesIsRefused() {
		String thirtyOne = STRONG_SECRET.substring(1);

		assertThat(UnsafeSettings.problems(settings(Map.of(), List.of(thirtyOne), List.of(admin(BCRYPT)), true)))
			.containsExactly("payonce.gateway.signature.secrets[0] is 31 bytes long, a callback secret needs at least 32"
					+ " (e.g. openssl rand -hex 32)");
		assertThat(UnsafeSettings.problems(settings(Map.of(), List.of(STRONG_SECRET), List.of(admin(BCRYPT)), true)))
			.isEmpty();
	}

	@Test
	void aServiceWithAnOpsApiRefusesToRunWithoutUsers() {
		assertThat(UnsafeSettings.problems(settings(Map.of(), List.of(), List.of(), true))).containsExactly(
				"no ops user is configured: set payonce.ops.users[0].name, .password ({bcrypt}...) and .role (ADMIN or VIEWER)");
		// the relay and the consumer have only their management port: no user means nobody sees details
		assertThat(UnsafeSettings.problems(settings(Map.of(), List.of(), List.of(), false))).isEmpty();
	}

	@Test
	void anOpsPasswordMustBeAPasswordHash() {
		List<String> problems = UnsafeSettings.problems(settings(Map.of(), List.of(),
				List.of(admin("s3cret-but-plain"), admin("{noop}s3cret"), admin("{sha256}abcdef"), admin("{bcrypt}"),
						admin("{argon2}$argon2id$v=19$m=16384,t=2,p=1$c2FsdA$aGFzaA")),
				true));

		assertThat(problems).containsExactly(
				"payonce.ops.users[0].password of 'admin' is plain text: give a password hash, e.g. {bcrypt}$2a$10$... (SECURITY.md)",
				"payonce.ops.users[1].password of 'admin' is plain text ({noop}): give a password hash, e.g. {bcrypt}$2a$10$... (SECURITY.md)",
				"payonce.ops.users[2].password of 'admin' is {sha256}, a digest, not a password hash: give a password hash,"
						+ " e.g. {bcrypt}$2a$10$... (SECURITY.md)",
				"payonce.ops.users[3].password of 'admin' is a prefix without a hash: give a password hash,"
						+ " e.g. {bcrypt}$2a$10$... (SECURITY.md)");
	}

	@Test
	void usualDefaultsAndUnresolvedPlaceholdersAreRefused() {
		assertThat(UnsafeSettings.publicValue("password")).isEqualTo("the placeholder 'password'");
		assertThat(UnsafeSettings.publicValue("CHANGE_ME")).isEqualTo("the placeholder 'CHANGE_ME'");
		assertThat(UnsafeSettings.publicValue("${DB_PASSWORD}")).isEqualTo("the placeholder '${DB_PASSWORD}'");
		assertThat(UnsafeSettings.publicValue("Admin-Local")).isEqualTo("the published local value 'Admin-Local'");
		assertThat(UnsafeSettings.publicValue("a-password-nobody-published")).isNull();
	}

	private static UnsafeSettings.Settings settings(Map<String, String> secrets, List<String> callbackSecrets,
			List<OpsProperties.User> users, boolean usersRequired) {
		return new UnsafeSettings.Settings(secrets, callbackSecrets, users, usersRequired);
	}

	private static OpsProperties.User admin(String password) {
		return new OpsProperties.User("admin", password, Role.ADMIN);
	}

}
