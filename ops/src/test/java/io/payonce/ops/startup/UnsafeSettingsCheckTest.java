package io.payonce.ops.startup;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check reads what the service would really run with, and only the local profile lets local values pass. */
class UnsafeSettingsCheckTest {

	@Test
	void outsideTheLocalProfileALocalPasswordStopsTheStartWithOneLine() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.password", "trade-local",
				"payonce.ops.users-required", "false"));

		assertThatThrownBy(() -> check(environment)).isInstanceOf(UnsafeSettingsException.class)
			.hasMessage("Refusing to start outside the 'local' profile: spring.datasource.password is the published"
					+ " local value 'trade-local'")
			.hasMessageNotContaining("\n");
	}

	@Test
	void theLocalProfileAcceptsLocalValues() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.password", "trade-local"));
		environment.setActiveProfiles("local");

		assertThatNoException().isThrownBy(() -> check(environment));
	}

	@Test
	void anEnvironmentVariableOverridesTheFileAndIsWhatIsChecked() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.password", "change-me",
				"payonce.ops.users-required", "false"));
		environment.getPropertySources().addFirst(systemEnvironment(Map.of("SPRING_DATASOURCE_PASSWORD", "a-real-one-9f2c")));

		assertThatNoException().isThrownBy(() -> check(environment));
	}

	@Test
	void usersAndCallbackSecretsAreReadInTheirRelaxedForms() {
		Map<String, Object> env = new LinkedHashMap<>();
		env.put("PAYONCE_OPS_USERS_0_NAME", "admin");
		env.put("PAYONCE_OPS_USERS_0_PASSWORD", "{noop}x");
		env.put("PAYONCE_OPS_USERS_0_ROLE", "ADMIN");
		env.put("PAYONCE_GATEWAY_SIGNATURE_SECRETS", "short");
		StandardEnvironment environment = environment(Map.of());
		environment.getPropertySources().addFirst(systemEnvironment(env));

		assertThatThrownBy(() -> check(environment)).isInstanceOfSatisfying(UnsafeSettingsException.class,
				(refused) -> assertThat(refused.problems()).containsExactly(
						"payonce.gateway.signature.secrets[0] is 5 bytes long, a callback secret needs at least 32"
								+ " (e.g. openssl rand -hex 32)",
						"payonce.ops.users[0].password of 'admin' is plain text ({noop}): give a password hash, e.g."
								+ " {bcrypt}$2a$10$... (SECURITY.md)"));
	}

	@Test
	void theFailureReportIsTheOneLineAndWhatToDo() {
		UnsafeSettingsException refused = new UnsafeSettingsException(java.util.List.of("x is the placeholder 'change-me'"));

		FailureAnalysis analysis = new UnsafeSettingsFailureAnalyzer().analyze(new IllegalStateException(refused));

		assertThat(analysis.getDescription())
			.isEqualTo("Refusing to start outside the 'local' profile: x is the placeholder 'change-me'");
		assertThat(analysis.getAction()).contains("SPRING_PROFILES_ACTIVE=local");
	}

	/** Only the given properties: nothing of this JVM's own environment or system properties. */
	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		environment.getPropertySources().addFirst(new MapPropertySource("application", properties));
		return environment;
	}

	/** Variables as the operating system gives them ({@code SPRING_DATASOURCE_PASSWORD}). */
	private static SystemEnvironmentPropertySource systemEnvironment(Map<String, Object> variables) {
		return new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				variables);
	}

	private static void check(StandardEnvironment environment) {
		UnsafeSettingsCheck check = new UnsafeSettingsCheck();
		check.setEnvironment(environment);
		check.postProcessBeanFactory(new DefaultListableBeanFactory());
	}

}
