package io.payonce.consumer.deduct.kafka;

import java.util.Objects;

import io.payonce.contract.PayonceEvent;

/**
 * A record value as the listener sees it: the decoded event and the exact bytes it came from, so a record
 * routed to the retry or terminal topic carries the original payload, not a re-encoding.
 */
public record DecodedEvent(PayonceEvent event, byte[] raw) {

	public DecodedEvent {
		Objects.requireNonNull(event, "event");
		Objects.requireNonNull(raw, "raw");
	}

}
