package io.payonce.reconciliation.alert.infra;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Finding alerts ({@code payonce.reconciliation.alert.*}). The log line and the metric are always on.
 *
 * @param webhookUrl optional: each finding is POSTed there as JSON, with a {@code text} field for Slack-style
 * webhooks [PAYONCE_RECONCILIATION_ALERT_WEBHOOK_URL]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.alert")
public record AlertProperties(URI webhookUrl) {

}
