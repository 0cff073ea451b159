package io.payonce.relay.config;

import java.time.Duration;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the engine keeps its binlog position and the captured tables' schema history: two Kafka topics on
 * the same cluster the events go to (see package-info for why not files).
 *
 * @param offsetsTopic compacted, one partition; created by the engine if missing
 * @param schemaHistoryTopic one partition, infinite retention; created by the engine if missing
 * @param replicationFactor of both topics; 1 locally, 3 in production
 * @param flushInterval how often processed positions are written; bounds what a crash re-sends
 */
@Validated
@ConfigurationProperties("payonce.relay.storage")
public record RelayStorageProperties(@DefaultValue("payonce.relay.offsets") @NotBlank String offsetsTopic,
		@DefaultValue("payonce.relay.schema-history") @NotBlank String schemaHistoryTopic,
		@DefaultValue("1") @Positive short replicationFactor, @DefaultValue("1s") @NotNull Duration flushInterval) {

}
