package io.payonce.relay.config;

import java.lang.management.ManagementFactory;
import java.time.Duration;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Which of several relay instances streams: the member of a Kafka consumer group that holds partition 0 of a
 * one-partition topic (see the {@code leadership} package). All instances of one relay (same
 * {@code payonce.relay.server-name}) share the group; the group id and the producer's {@code transactional.id}
 * are derived from the server name.
 *
 * @param topic the one-partition coordination topic; created by the relay when missing; nothing is ever
 * written to it
 * @param sessionTimeout how long the group coordinator waits for a silent member (crashed, paused, cut off)
 * before it gives partition 0 to another: the largest part of a failover. Kafka refuses values below the
 * broker's {@code group.min.session.timeout.ms} (6 s by default)
 * @param heartbeatInterval how often a member speaks to the coordinator; a standby learns of a failover at
 * its next heartbeat. At most a third of the session timeout
 * @param databaseLossTolerance a leader whose binlog connection has been down this long hands the lead to a
 * standby (which may still reach the database); shorter than this, a database restart is simply waited out
 * @param rejoinAfterStepDown how long an instance that handed the lead over stays out of the group before
 * it offers itself again, so that a standby, not itself, is chosen
 * @param instanceId names this instance in the health, the logs and the {@code payonce-relayed-by} header of
 * every record it publishes; default {@code <host name>-<pid>} (the pod name in Kubernetes)
 */
@Validated
@ConfigurationProperties("payonce.relay.leadership")
public record RelayLeadershipProperties(@DefaultValue("payonce.relay.leader") @NotBlank String topic,
		@DefaultValue("6s") @NotNull Duration sessionTimeout, @DefaultValue("500ms") @NotNull Duration heartbeatInterval,
		@DefaultValue("20s") @NotNull Duration databaseLossTolerance,
		@DefaultValue("10s") @NotNull Duration rejoinAfterStepDown, String instanceId) {

	public RelayLeadershipProperties {
		if (sessionTimeout != null && heartbeatInterval != null
				&& heartbeatInterval.multipliedBy(3).compareTo(sessionTimeout) > 0) {
			throw new IllegalArgumentException("payonce.relay.leadership.heartbeat-interval (" + heartbeatInterval
					+ ") must be at most a third of session-timeout (" + sessionTimeout + ")");
		}
		if (instanceId == null || instanceId.isBlank()) {
			instanceId = defaultInstanceId();
		}
	}

	static String defaultInstanceId() {
		String host = System.getenv("HOSTNAME");
		if (host == null || host.isBlank()) {
			// "<pid>@<host>" on HotSpot; the host part is all we want here
			String name = ManagementFactory.getRuntimeMXBean().getName();
			host = name.contains("@") ? name.substring(name.indexOf('@') + 1) : "relay";
		}
		return host + "-" + ProcessHandle.current().pid();
	}

}
