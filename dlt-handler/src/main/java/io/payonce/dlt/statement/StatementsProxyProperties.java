package io.payonce.dlt.statement;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the statements page's requests go ({@code payonce.dlt.console.statements.*}).
 *
 * @param baseUrl the reconciliation's API [PAYONCE_DLT_CONSOLE_STATEMENTS_BASE_URL, default
 * {@code http://localhost:8085}]
 * @param timeout for one forwarded request, connect included; an upload is answered after its import, which for a
 * large day takes a while [PAYONCE_DLT_CONSOLE_STATEMENTS_TIMEOUT, default 5m]
 */
@ConfigurationProperties("payonce.dlt.console.statements")
public record StatementsProxyProperties(URI baseUrl, Duration timeout) {

	public StatementsProxyProperties {
		baseUrl = (baseUrl == null) ? URI.create("http://localhost:8085") : baseUrl;
		timeout = (timeout == null || timeout.isZero() || timeout.isNegative()) ? Duration.ofMinutes(5) : timeout;
	}

}
