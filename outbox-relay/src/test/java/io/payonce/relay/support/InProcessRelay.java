package io.payonce.relay.support;

import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.RelayApplication;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The relay as a Spring application inside the test JVM, pointed at the shared local stack. */
public final class InProcessRelay {

	private InProcessRelay() {
	}

	/** Settings for the stack; tests add or override (e.g. a new server name for a relay that never ran). */
	public static Map<String, Object> settings(LocalStack stack) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("spring.profiles.active", "local");
		settings.put("server.port", "0");
		settings.put("management.server.port", "0");
		settings.put("spring.kafka.bootstrap-servers", stack.kafka().bootstrapServers());
		settings.put("payonce.relay.database.host", "127.0.0.1");
		settings.put("payonce.relay.database.port", Integer.toString(stack.mariaDb().port()));
		settings.put("payonce.relay.database.user", LocalDatabase.CDC.user());
		settings.put("payonce.relay.database.password", LocalDatabase.CDC.password());
		return settings;
	}

	public static ConfigurableApplicationContext start(Map<String, Object> settings) {
		// As command-line arguments: they override application.yml (default properties would not).
		String[] args = settings.entrySet()
			.stream()
			.map((entry) -> "--" + entry.getKey() + "=" + entry.getValue())
			.toArray(String[]::new);
		return new SpringApplicationBuilder(RelayApplication.class).run(args);
	}

}
