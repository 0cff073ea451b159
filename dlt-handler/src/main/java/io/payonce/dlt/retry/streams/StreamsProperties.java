package io.payonce.dlt.retry.streams;

import java.nio.file.Path;

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
 */
@Validated
@ConfigurationProperties("payonce.dlt.streams")
public record StreamsProperties(String applicationId, Path stateDir, Integer replicationFactor) {

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
	}

}
