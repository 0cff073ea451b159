package io.payonce.dlt.alert.infra;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.dlt.alert.Alert;
import io.payonce.dlt.alert.AlertSink;
import io.payonce.ops.webhook.JsonWebhook;

/**
 * POSTs each alert change as JSON ({@code level, previous, backlog, oldestAgeSeconds, at, summary, text}) through
 * the shared {@link JsonWebhook}: a webhook that is down is logged and does not stop the other sinks; the log
 * sink has the alert anyway.
 */
final class WebhookAlertSink implements AlertSink {

	private final JsonWebhook webhook;

	WebhookAlertSink(URI url) {
		this.webhook = new JsonWebhook(url);
	}

	@Override
	public void send(Alert alert) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("level", alert.level().name());
		body.put("previous", alert.previous().name());
		body.put("backlog", alert.backlog());
		body.put("oldestAgeSeconds", alert.oldestAge().toSeconds());
		body.put("at", alert.at().toString());
		body.put("summary", alert.summary());
		this.webhook.post(body, alert.summary(), alert.level() + " alert");
	}

}
