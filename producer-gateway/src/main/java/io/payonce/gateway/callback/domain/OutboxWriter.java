package io.payonce.gateway.callback.domain;

import java.util.List;

/** Port: {@code t_outbox}. Called inside the same transaction as the {@link PaymentStore} write it belongs to. */
public interface OutboxWriter {

	void append(OutboxEvent event);

	/** The events of a group commit's batch, in as few statements as the store allows. */
	default void appendAll(List<OutboxEvent> events) {
		for (OutboxEvent event : events) {
			append(event);
		}
	}

}
