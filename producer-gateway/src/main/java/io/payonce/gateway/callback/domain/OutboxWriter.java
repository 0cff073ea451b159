package io.payonce.gateway.callback.domain;

/** Port: {@code t_outbox}. Called inside the same transaction as the {@link PaymentStore} write it belongs to. */
public interface OutboxWriter {

	void append(OutboxEvent event);

}
