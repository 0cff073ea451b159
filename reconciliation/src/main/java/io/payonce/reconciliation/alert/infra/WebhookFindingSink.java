package io.payonce.reconciliation.alert.infra;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * POSTs each finding as JSON (the finding's fields plus {@code text}, which makes it usable as a Slack-style
 * incoming webhook), without waiting for the answer. A webhook that is down is logged; the log sink and the
 * findings topic have the finding anyway.
 */
final class WebhookFindingSink implements FindingSink {

	private static final Logger log = LoggerFactory.getLogger(WebhookFindingSink.class);

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final URI url;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	WebhookFindingSink(URI url) {
		this.url = url;
	}

	@Override
	public void raise(Finding finding) {
		ObjectNode body = MAPPER.valueToTree(finding);
		body.put("text", finding.summary());
		HttpRequest request = HttpRequest.newBuilder(this.url)
			.timeout(Duration.ofSeconds(10))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(body)))
			.build();
		// Asynchronous: this runs on the Streams thread, and a hung webhook must not stall reconciliation past
		// max.poll.interval (a rebalance would abort the transaction and emit the findings again).
		this.http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, failure) -> {
			if (failure != null) {
				log.warn("Alert webhook {} unreachable ({}) for {}", this.url, failure.getMessage(), finding.findingId());
			}
			else if (response.statusCode() >= 300) {
				log.warn("Alert webhook {} answered {} for {}", this.url, response.statusCode(), finding.findingId());
			}
		});
	}

}
