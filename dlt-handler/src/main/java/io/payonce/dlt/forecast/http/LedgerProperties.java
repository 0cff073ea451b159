package io.payonce.dlt.forecast.http;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the replay dry run asks for an order's facts ({@code payonce.dlt.console.ledger.*}): the reconciliation's
 * API, {@code GET /api/v1/orders/{orderNo}}, as one of its ops users (VIEWER is enough).
 *
 * @param baseUrl [PAYONCE_DLT_CONSOLE_LEDGER_BASE_URL, default {@code http://localhost:8085}]
 * @param user a VIEWER (or ADMIN) ops user of the reconciliation [PAYONCE_DLT_CONSOLE_LEDGER_USER, no default
 * outside the local profile: without it every forecast is UNKNOWN, naming the missing setting]
 * @param password [PAYONCE_DLT_CONSOLE_LEDGER_PASSWORD, no default outside the local profile]
 * @param timeout per question, connect included [PAYONCE_DLT_CONSOLE_LEDGER_TIMEOUT, default 3s]
 */
@ConfigurationProperties("payonce.dlt.console.ledger")
public record LedgerProperties(URI baseUrl, String user, String password, Duration timeout) {

	public LedgerProperties {
		baseUrl = (baseUrl == null) ? URI.create("http://localhost:8085") : baseUrl;
		timeout = (timeout == null || timeout.isZero() || timeout.isNegative()) ? Duration.ofSeconds(3) : timeout;
	}

	boolean hasCredentials() {
		return this.user != null && !this.user.isBlank() && this.password != null && !this.password.isBlank();
	}

}
