package io.payonce.dlt.retry.streams;

import java.nio.file.Path;
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
 * @param properties further Kafka Streams settings passed as they are, e.g.
 * {@code payonce.dlt.streams.properties[consumer.session.timeout.ms]=10000}; they cannot switch off
 * {@code exactly_once_v2}
 */
@Validated
@ConfigurationProperties("payonce.dlt.streams")
public record StreamsProperties(String applicationId, Path stateDir, Integer replicationFactor,
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
		properties = (properties == null) ? Map.of() : Map.copyOf(properties);
	}

}
