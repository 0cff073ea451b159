package io.payonce.reconciliation.continuous.streams;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The Kafka Streams runtime ({@code payonce.reconciliation.streams.*}).
 *
 * @param applicationId consumer group and prefix of the internal topics
 * [PAYONCE_RECONCILIATION_STREAMS_APPLICATION_ID, default payonce-reconciliation]
 * @param stateDir RocksDB directory; losing it costs a restore from the changelog
 * [PAYONCE_RECONCILIATION_STREAMS_STATE_DIR]
 * @param replicationFactor of the changelog and findings topics, 1 on the local stack
 * [PAYONCE_RECONCILIATION_STREAMS_REPLICATION_FACTOR]
 * @param enabled {@code false} runs only the audit and reversal side (e.g. a second, ops-only instance)
 * [PAYONCE_RECONCILIATION_STREAMS_ENABLED, default true]
 * @param standbyReplicas warm copies of each task's stores kept on other instances (Kafka Streams
 * {@code num.standby.replicas}): with two instances and 1, the survivor of a crash takes over without
 * restoring the stores from their changelogs first [PAYONCE_RECONCILIATION_STREAMS_STANDBY_REPLICAS, default 1]
 * @param sessionTimeout how long the group waits for a silent instance before its tasks move to the others
 * (Kafka's default, 45 s, would hold every check of a crashed instance's partitions that long)
 * [PAYONCE_RECONCILIATION_STREAMS_SESSION_TIMEOUT, default 10s]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.streams")
public record StreamsProperties(String applicationId, Path stateDir, Integer replicationFactor, Boolean enabled,
		Integer standbyReplicas, Duration sessionTimeout) {

	public StreamsProperties {
		if (applicationId == null || applicationId.isBlank()) {
			applicationId = "payonce-reconciliation";
		}
		if (stateDir == null) {
			stateDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-reconciliation", "streams");
		}
		replicationFactor = (replicationFactor == null) ? 1 : replicationFactor;
		enabled = (enabled == null) ? Boolean.TRUE : enabled;
		standbyReplicas = (standbyReplicas == null) ? 1 : standbyReplicas;
		sessionTimeout = (sessionTimeout == null) ? Duration.ofSeconds(10) : sessionTimeout;
		if (standbyReplicas < 0) {
			throw new IllegalArgumentException("payonce.reconciliation.streams.standby-replicas must not be negative");
		}
		if (sessionTimeout.toMillis() < 6_000) {
			throw new IllegalArgumentException("payonce.reconciliation.streams.session-timeout below 6s is refused by "
					+ "Kafka's default group.min.session.timeout.ms, was " + sessionTimeout);
		}
	}

}
