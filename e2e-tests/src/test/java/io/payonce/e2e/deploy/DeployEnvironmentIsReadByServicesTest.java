package io.payonce.e2e.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every environment variable the compose files set on a service changes a setting that service reads. A
 * misspelt or stale name (PAYONCE_GATEWAY_SIGNATURE_SECRET, a Kafka consumer setting on the gateway) is
 * silently ignored by Spring and the service runs on its local default: this is where that is caught.
 */
class DeployEnvironmentIsReadByServicesTest {

	@Test
	void everyVariableOfTheMainComposeFileIsASettingOfItsService() {
		assertThat(unreadVariables(ComposeFile.main())).isEmpty();
	}

	@Test
	void everyVariableOfTheMysqlOverrideIsASettingOfItsService() {
		ComposeFile override = ComposeFile.mysqlOverride();
		assertThat(override.serviceNames()).contains("outbox-relay");
		assertThat(unreadVariables(override)).isEmpty();
	}

	@Test
	void theCheckerRejectsNamesTheServicesDoNotRead() {
		ServiceSettings gateway = ServiceSettings.of("producer-gateway");
		ServiceSettings relay = ServiceSettings.of("outbox-relay");
		ServiceSettings consumer = ServiceSettings.of("deduct-consumer");
		ServiceSettings dlt = ServiceSettings.of("dlt-handler");

		// one letter off a record component
		assertThat(gateway.reads("PAYONCE_GATEWAY_SIGNATURE_SECRET")).isFalse();
		assertThat(gateway.reads("PAYONCE_GATEWAY_SIGNATURE_SECRETS")).isTrue();
		// Spring keys only where the code that reads them is on the classpath: the gateway publishes its timeline
		// facts with Kafka (its application.yml names the servers) but has no spring-kafka starter, so no consumer
		// settings; the relay reads the bootstrap servers through @Value but has no spring-kafka listener settings
		assertThat(gateway.reads("SPRING_KAFKA_BOOTSTRAP_SERVERS")).isTrue();
		assertThat(gateway.reads("SPRING_KAFKA_CONSUMER_GROUP_ID")).isFalse();
		assertThat(relay.reads("SPRING_KAFKA_BOOTSTRAP_SERVERS")).isTrue();
		assertThat(relay.reads("SPRING_KAFKA_CONSUMER_GROUP_ID")).isFalse();
		assertThat(dlt.reads("SPRING_DATASOURCE_URL")).isFalse();
		// both relaxed forms of a dashed name, and list indexes of a nested record
		assertThat(consumer.reads("PAYONCE_CONSUMER_REDIS_FAILURE_POLICY")).isTrue();
		assertThat(consumer.reads("PAYONCE_CONSUMER_REDIS_FAILUREPOLICY")).isTrue();
		assertThat(dlt.reads("PAYONCE_OPS_USERS_3_ROLE")).isTrue();
		assertThat(dlt.reads("PAYONCE_OPS_USERS_X_ROLE")).isFalse();
		assertThat(dlt.reads("PAYONCE_OPS_USERS_0_EMAIL")).isFalse();
		// the console users of earlier versions: a stale name is caught, not silently ignored
		assertThat(dlt.reads("PAYONCE_DLT_CONSOLE_USERS_0_NAME")).isFalse();
		// the settings of a PayOnce library (ops) are read by every service that depends on it: the timeline facts
		assertThat(gateway.reads("PAYONCE_TIMELINE_ENABLED")).isTrue();
		assertThat(consumer.reads("PAYONCE_TIMELINE_FAILURE_LOG_INTERVAL")).isTrue();
		assertThat(relay.reads("PAYONCE_TIMELINE_ENABLE")).isFalse();
		// settings of another service are not this one's
		assertThat(consumer.reads("PAYONCE_RELAY_FLAVOUR")).isFalse();
		assertThat(relay.reads("PAYONCE_RELAY_FLAVOUR")).isTrue();
	}

	@Test
	void theServiceAndManagementPortsAreTheApplicationDefaultsAndTheHealthCheckAsksTheManagementPort() {
		ComposeFile compose = ComposeFile.main();
		for (String service : DeployFiles.SERVICES) {
			ServiceSettings settings = ServiceSettings.of(service);
			String port = compose.environment(service).get("SERVER_PORT");
			String management = compose.environment(service).get("MANAGEMENT_SERVER_PORT");
			assertThat(port).as("%s SERVER_PORT", service)
				.isEqualTo(String.valueOf(settings.applicationDefault("server.port")));
			assertThat(management).as("%s MANAGEMENT_SERVER_PORT", service)
				.isEqualTo(String.valueOf(settings.applicationDefault("management.server.port")))
				.isNotEqualTo(port);
			assertThat(compose.ports(service)).as("%s ports", service)
				.anySatisfy(mapping -> assertThat(mapping).containsExactly(port, port));
			assertThat(compose.healthcheck(service)).as("%s health check", service)
				.contains("/tcp/127.0.0.1/" + management + " ")
				.contains("/actuator/health/readiness");
		}
	}

	static List<String> unreadVariables(ComposeFile compose) {
		List<String> unread = new ArrayList<>();
		for (String service : DeployFiles.SERVICES) {
			if (!compose.serviceNames().contains(service)) {
				continue;
			}
			ServiceSettings settings = ServiceSettings.of(service);
			for (Map.Entry<String, String> variable : compose.environment(service).entrySet()) {
				if (!settings.reads(variable.getKey())) {
					unread.add(compose.file().getFileName() + ": " + service + " sets " + variable.getKey()
							+ ", which it does not read");
				}
			}
		}
		return unread;
	}

}
