package io.payonce.dlt.retry.streams;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The profile {@code local} (./payonce, the tests, compose) walks a failing payment to the terminal topic in under a
 * minute; without it the production ladder stays. Bound the way Spring Boot binds them, so a misspelt key in
 * application-local.yml (which Spring would silently ignore) fails here.
 */
class LocalProfileUsesAShortLadderTest {

	@Test
	void theLocalProfileReachesTheTerminalTopicWithinAMinute() throws IOException {
		// given application.yml with application-local.yml over it
		RetryProperties retry = bind("application-local.yml", "application.yml");

		// then
		assertThat(retry.tiers()).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10),
				Duration.ofSeconds(10), Duration.ofSeconds(10));
		assertThat(retry.schedule().tiers().stream().reduce(Duration.ZERO, Duration::plus))
			.isLessThan(Duration.ofMinutes(1));
		assertThat(retry.maxRetries()).isEqualTo(5);
	}

	@Test
	void withoutTheLocalProfileTheProductionLadderStays() throws IOException {
		RetryProperties retry = bind("application.yml");

		assertThat(retry.tiers()).containsExactly(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5),
				Duration.ofMinutes(5), Duration.ofMinutes(5));
	}

	/** @param files highest precedence first */
	private static RetryProperties bind(String... files) throws IOException {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		List<PropertySource<?>> sources = new ArrayList<>();
		for (String file : files) {
			sources.addAll(new YamlPropertySourceLoader().load(file, new ClassPathResource(file)));
		}
		sources.forEach(environment.getPropertySources()::addLast);
		return new Binder(ConfigurationPropertySources.get(environment))
			.bindOrCreate("payonce.dlt.retry", RetryProperties.class);
	}

}
