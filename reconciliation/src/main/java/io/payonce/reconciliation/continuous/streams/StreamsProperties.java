package io.payonce.reconciliation.continuous.streams;

import java.nio.file.Path;

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
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.streams")
public record StreamsProperties(String applicationId, Path stateDir, Integer replicationFactor, Boolean enabled) {

	public StreamsProperties {
		if (applicationId == null || applicationId.isBlank()) {
			applicationId = "payonce-reconciliation";
		}
		if (stateDir == null) {
			stateDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-reconciliation", "streams");
		}
		replicationFactor = (replicationFactor == null) ? 1 : replicationFactor;
		enabled = (enabled == null) ? Boolean.TRUE : enabled;
	}

}
