package io.payonce.dlt.alert.infra;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.dlt.alert.Alert;
import io.payonce.dlt.alert.AlertSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * POSTs each alert change as JSON ({@code level, previous, backlog, oldestAgeSeconds, at, summary, text}; the
 * {@code text} field makes it usable as a Slack-style incoming webhook). A webhook that is down is logged
 * and does not stop the other sinks; the log sink has the alert anyway.
 */
final class WebhookAlertSink implements AlertSink {

	private static final Logger log = LoggerFactory.getLogger(WebhookAlertSink.class);

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final URI url;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	WebhookAlertSink(URI url) {
		this.url = url;
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
		body.put("text", alert.summary());
		HttpRequest request = HttpRequest.newBuilder(this.url)
			.timeout(Duration.ofSeconds(10))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(body)))
			.build();
		try {
			HttpResponse<Void> response = this.http.send(request, HttpResponse.BodyHandlers.discarding());
			if (response.statusCode() >= 300) {
				log.warn("Alert webhook {} answered {} for {}", this.url, response.statusCode(), alert.summary());
			}
		}
		catch (IOException ex) {
			log.warn("Alert webhook {} unreachable ({}) for {}", this.url, ex.getMessage(), alert.summary());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
