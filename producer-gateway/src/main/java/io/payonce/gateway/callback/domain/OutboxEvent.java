package io.payonce.gateway.callback.domain;

import java.util.UUID;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PaySuccess;

/**
 * A {@code t_outbox} row in the shape the relay's EventRouter expects (docs/conventions.md): the id becomes
 * the Kafka header {@code id}, the aggregate type routes to the topic, the aggregate id (orderNo) becomes the
 * record key, the payload is relayed byte for byte.
 */
public record OutboxEvent(UUID id, String aggregateType, String aggregateId, String type, String payload) {

	public static OutboxEvent of(UUID eventId, PaySuccess event) {
		EventType type = EventType.of(event);
		return new OutboxEvent(eventId, type.topic().topicName(), event.orderNo(), type.wireName(),
				EventCodec.encodeToString(event));
	}

}
