package io.payonce.dlt.retry.streams;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The Kafka Streams runtime of the retry ladder ({@code payonce.dlt.streams.*}).
 *
 * @param applicationId Streams application id = consumer group and prefix of the internal topics
 * [PAYONCE_DLT_STREAMS_APPLICATION_ID]
 * @param stateDir where RocksDB keeps the pending store; losing it only costs a restore from the changelog
 * [PAYONCE_DLT_STREAMS_STATE_DIR]
 * @param replicationFactor of the internal changelog topic, 1 on the local stack
 * [PAYONCE_DLT_STREAMS_REPLICATION_FACTOR]
 * @param standbyReplicas warm copies of each task's pending store kept on other instances (Kafka Streams
 * {@code num.standby.replicas}): with two instances and 1, the survivor of a crash releases the dead one's
 * retries without restoring the store from its changelog first [PAYONCE_DLT_STREAMS_STANDBY_REPLICAS, default 1]
 * @param sessionTimeout how long the group waits for a silent instance before its retry partitions move to the
 * others (Kafka's default, 45 s, would hold a crashed instance's due retries that long)
 * [PAYONCE_DLT_STREAMS_SESSION_TIMEOUT, default 10s]
 * @param advertisedHost how the other instances reach this one's console, Kafka Streams {@code application.server}
 * with {@code advertisedPort}: the console answers for the whole ladder by asking the instances that run the other
 * partitions [PAYONCE_DLT_STREAMS_ADVERTISED_HOST, default {@code localhost}; in Kubernetes the pod IP]
 * @param advertisedPort [PAYONCE_DLT_STREAMS_ADVERTISED_PORT, default {@code server.port}]
 * @param properties further Kafka Streams settings passed as they are, e.g.
 * {@code payonce.dlt.streams.properties[consumer.session.timeout.ms]=10000}; they cannot switch off
 * {@code exactly_once_v2}
 */
@Validated
@ConfigurationProperties("payonce.dlt.streams")
public record StreamsProperties(String applicationId, Path stateDir, Integer replicationFactor,
		Integer standbyReplicas, Duration sessionTimeout, String advertisedHost, Integer advertisedPort,
		Map<String, String> properties) {

	public StreamsProperties {
		if (applicationId == null || applicationId.isBlank()) {
			applicationId = "payonce-dlt-handler";
		}
		if (stateDir == null) {
			stateDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-dlt-handler", "streams");
		}
		if (replicationFactor == null) {
			replicationFactor = 1;
		}
		standbyReplicas = (standbyReplicas == null) ? 1 : standbyReplicas;
		sessionTimeout = (sessionTimeout == null) ? Duration.ofSeconds(10) : sessionTimeout;
		if (standbyReplicas < 0) {
			throw new IllegalArgumentException("payonce.dlt.streams.standby-replicas must not be negative");
		}
		if (sessionTimeout.toMillis() < 6_000) {
			throw new IllegalArgumentException("payonce.dlt.streams.session-timeout below 6s is refused by Kafka's "
					+ "default group.min.session.timeout.ms, was " + sessionTimeout);
		}
		advertisedHost = (advertisedHost == null || advertisedHost.isBlank()) ? "localhost" : advertisedHost.trim();
		if (advertisedPort != null && (advertisedPort < 1 || advertisedPort > 65535)) {
			throw new IllegalArgumentException(
					"payonce.dlt.streams.advertised-port must be a port (1-65535), was " + advertisedPort);
		}
		properties = (properties == null) ? Map.of() : Map.copyOf(properties);
	}

}
