package io.payonce.reconciliation.platform.spring;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The payment platform ({@code payonce.reconciliation.platform.*}).
 *
 * @param baseUrl the platform's API [PAYONCE_RECONCILIATION_PLATFORM_BASE_URL, default
 * {@code http://localhost:8086}, the simulator of the local stack]
 * @param timeout connecting and each answer [PAYONCE_RECONCILIATION_PLATFORM_TIMEOUT, default 10s]; a query that
 * takes longer is "unknown", never "not paid"
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.platform")
public record PlatformProperties(@NotNull URI baseUrl, @NotNull Duration timeout) {

	public PlatformProperties {
		if (baseUrl == null) {
			baseUrl = URI.create("http://localhost:8086");
		}
		if (timeout == null || timeout.isZero() || timeout.isNegative()) {
			timeout = Duration.ofSeconds(10);
		}
	}

}
