package io.payonce.reconciliation.alert.infra;

import java.net.URI;

import io.payonce.ops.webhook.JsonWebhook;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;

/**
 * POSTs each finding as JSON (the finding's fields plus {@code text}) through the shared {@link JsonWebhook},
 * which does not wait for the answer: this runs on the Streams thread, and a hung webhook must not stall
 * reconciliation past max.poll.interval (a rebalance would abort the transaction and emit the findings again).
 */
final class WebhookFindingSink implements FindingSink {

	private final JsonWebhook webhook;

	WebhookFindingSink(URI url) {
		this.webhook = new JsonWebhook(url);
	}

	@Override
	public void raise(Finding finding) {
		this.webhook.post(finding, finding.summary(), finding.findingId());
	}

}
