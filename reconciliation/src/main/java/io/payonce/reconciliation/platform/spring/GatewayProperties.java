package io.payonce.reconciliation.platform.spring;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The gateway's lookup port, where found payments enter the intake ({@code payonce.reconciliation.gateway.*}).
 *
 * @param baseUrl [PAYONCE_RECONCILIATION_GATEWAY_BASE_URL, default {@code http://localhost:8091}]
 * @param user an ops user of the gateway with role ADMIN (the repair is a write) [PAYONCE_RECONCILIATION_GATEWAY_USER,
 * no default; {@code admin} in the profile {@code local}]
 * @param password its password in clear (the gateway keeps only its hash) [PAYONCE_RECONCILIATION_GATEWAY_PASSWORD,
 * no default; the published local value is refused outside the profile {@code local}]
 * @param timeout connecting and each answer [PAYONCE_RECONCILIATION_GATEWAY_TIMEOUT, default 10s]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.gateway")
public record GatewayProperties(@NotNull URI baseUrl, @NotBlank String user, @NotBlank String password,
		@NotNull Duration timeout) {

	public GatewayProperties {
		if (baseUrl == null) {
			baseUrl = URI.create("http://localhost:8091");
		}
		if (timeout == null || timeout.isZero() || timeout.isNegative()) {
			timeout = Duration.ofSeconds(10);
		}
	}

}
