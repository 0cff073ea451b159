package io.payonce.ops.startup;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.payonce.ops.security.OpsProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * Runs {@link UnsafeSettings} before any bean of the service exists: before Flyway migrates, a web server
 * listens, a Kafka client connects. Outside the {@value #LOCAL_PROFILE} profile a problem ends the start with
 * {@link UnsafeSettingsException} (one line, see {@link UnsafeSettingsFailureAnalyzer}; the JVM exits with 1).
 * In the local profile it only says, once, that local values are accepted.
 */
public final class UnsafeSettingsCheck implements BeanFactoryPostProcessor, EnvironmentAware, PriorityOrdered {

	/** The profile that carries every local convenience: ./payonce, the tests, the local compose file. */
	public static final String LOCAL_PROFILE = "local";

	private static final Logger log = LoggerFactory.getLogger(UnsafeSettingsCheck.class);

	/** Names of settings that hold secrets, in any relaxed form ({@code SPRING_DATASOURCE_PASSWORD}, …). */
	private static final Pattern SECRET_NAME = Pattern
		.compile("(?i)^.*(password|secret|secrets|token|api-?key)(\\[\\d+]|[._]\\d+)?$");

	private Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (this.environment.acceptsProfiles(Profiles.of(LOCAL_PROFILE))) {
			log.warn("Profile '{}' is active: the published local secrets and users are accepted. Never in production.",
					LOCAL_PROFILE);
			return;
		}
		List<String> problems = UnsafeSettings.problems(settings(this.environment));
		if (!problems.isEmpty()) {
			throw new UnsafeSettingsException(problems);
		}
	}

	/** What the environment would give the service, as {@link UnsafeSettings} reads it. */
	static UnsafeSettings.Settings settings(Environment environment) {
		Binder binder = Binder.get(environment);
		List<String> callbackSecrets = binder.bind(UnsafeSettings.CALLBACK_SECRETS, Bindable.listOf(String.class))
			.orElse(List.of());
		List<OpsProperties.User> users = binder.bind("payonce.ops.users", Bindable.listOf(OpsProperties.User.class))
			.orElse(List.of());
		boolean usersRequired = binder.bind("payonce.ops.users-required", Boolean.class).orElse(true);
		return new UnsafeSettings.Settings(secrets(environment), callbackSecrets, users, usersRequired);
	}

	/** Every secret-like setting of every property source (files, environment variables, arguments). */
	private static Map<String, String> secrets(Environment environment) {
		Map<String, String> secrets = new LinkedHashMap<>();
		if (!(environment instanceof ConfigurableEnvironment configurable)) {
			return secrets;
		}
		for (var source : configurable.getPropertySources()) {
			if (!(source instanceof EnumerablePropertySource<?> enumerable)) {
				continue;
			}
			for (String name : enumerable.getPropertyNames()) {
				if (!SECRET_NAME.matcher(name).matches()) {
					continue;
				}
				// the effective value: a file's value overridden by an environment variable is not what runs
				String value = effective(environment, name, enumerable.getProperty(name));
				if (value != null) {
					secrets.putIfAbsent(name, value);
				}
			}
		}
		return secrets;
	}

	private static String effective(Environment environment, String name, Object raw) {
		try {
			return environment.getProperty(name);
		}
		catch (IllegalArgumentException unresolvable) {
			// "${SOMETHING}" that nothing defines: checked as written (it is a placeholder)
			return (raw != null) ? String.valueOf(raw) : null;
		}
	}

}
