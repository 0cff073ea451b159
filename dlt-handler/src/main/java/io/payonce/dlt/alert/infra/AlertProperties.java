package io.payonce.dlt.alert.infra;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Terminal backlog alerts ({@code payonce.dlt.alert.*}).
 *
 * @param warningAbove backlog above this … [PAYONCE_DLT_ALERT_WARNING_ABOVE, default 0]
 * @param warningFor … for this long raises WARNING [PAYONCE_DLT_ALERT_WARNING_FOR, default 5m]
 * @param criticalAbove backlog above this … [PAYONCE_DLT_ALERT_CRITICAL_ABOVE, default 100]
 * @param criticalFor … for this long raises CRITICAL [PAYONCE_DLT_ALERT_CRITICAL_FOR, default 0s]
 * @param evaluateEvery how often the rules run [PAYONCE_DLT_ALERT_EVALUATE_EVERY, default 10s]
 * @param webhookUrl optional: alert changes are POSTed there as JSON [PAYONCE_DLT_ALERT_WEBHOOK_URL]
 */
@Validated
@ConfigurationProperties("payonce.dlt.alert")
public record AlertProperties(@Min(0) Long warningAbove, Duration warningFor, @Min(0) Long criticalAbove,
		Duration criticalFor, Duration evaluateEvery, URI webhookUrl) {

	public AlertProperties {
		warningAbove = (warningAbove == null) ? 0L : warningAbove;
		warningFor = (warningFor == null) ? Duration.ofMinutes(5) : warningFor;
		criticalAbove = (criticalAbove == null) ? 100L : criticalAbove;
		criticalFor = (criticalFor == null) ? Duration.ZERO : criticalFor;
		evaluateEvery = (evaluateEvery == null) ? Duration.ofSeconds(10) : evaluateEvery;
	}

}
