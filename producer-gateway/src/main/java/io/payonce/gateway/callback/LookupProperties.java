package io.payonce.gateway.callback;

import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The payment lookup for ops users ({@code payonce.gateway.lookup.*}): its own port, threads and database
 * connections, so that a flood of lookups can neither take the callbacks' request threads nor their
 * connections (and push them into 503).
 *
 * @param port its own Tomcat connector [{@code PAYONCE_GATEWAY_LOOKUP_PORT}]; 0 picks a free one (tests)
 * @param threads the connector's request threads; more concurrent lookups wait in its accept queue
 * [{@code PAYONCE_GATEWAY_LOOKUP_THREADS}]
 * @param poolSize read-only connections of its own pool [{@code PAYONCE_GATEWAY_LOOKUP_POOL_SIZE}]
 * @param connectionTimeout how long a lookup waits for a connection before 503
 * [{@code PAYONCE_GATEWAY_LOOKUP_CONNECTION_TIMEOUT}]
 */
@Validated
@ConfigurationProperties("payonce.gateway.lookup")
public record LookupProperties(@DefaultValue("8091") @Min(0) @Max(65535) int port,
		@DefaultValue("4") @Min(1) @Max(64) int threads, @DefaultValue("2") @Min(1) @Max(16) int poolSize,
		@DefaultValue("2s") @NotNull Duration connectionTimeout) {
}
