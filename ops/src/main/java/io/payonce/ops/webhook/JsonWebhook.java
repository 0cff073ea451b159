package io.payonce.ops.webhook;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The alert webhook of the dlt-handler and the reconciliation: POSTs a JSON object with an added {@code text}
 * field (what Slack-style incoming webhooks display), without waiting for the answer, so that a hung webhook
 * never stalls the thread that raised the alert (a Streams thread past {@code max.poll.interval} would be
 * rebalanced). A webhook that is down or refuses is logged with what the call was about, never with its body;
 * the log sink and the metrics have the alert anyway.
 */
public final class JsonWebhook {

	private static final Logger log = LoggerFactory.getLogger(JsonWebhook.class);

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	private final URI url;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();

	public JsonWebhook(URI url) {
		this.url = url;
	}

	/**
	 * Sends {@code payload} (a record or a map, serialised as a JSON object) with {@code "text": text}.
	 *
	 * @param about what the call is about, for the log line if it fails (an alert level, a finding id)
	 * @return completes with the HTTP status once answered, or with -1 if the webhook could not be reached
	 */
	public CompletableFuture<Integer> post(Object payload, String text, String about) {
		ObjectNode body = MAPPER.valueToTree(payload);
		body.put("text", text);
		HttpRequest request = HttpRequest.newBuilder(this.url)
			.timeout(REQUEST_TIMEOUT)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(body)))
			.build();
		return this.http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, failure) -> {
			if (failure != null) {
				log.warn("Alert webhook {} unreachable ({}) for {}", this.url, failure.getMessage(), about);
				return -1;
			}
			if (response.statusCode() >= 300) {
				log.warn("Alert webhook {} answered {} for {}", this.url, response.statusCode(), about);
			}
			return response.statusCode();
		});
	}

}
