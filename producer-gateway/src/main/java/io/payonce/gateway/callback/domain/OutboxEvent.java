package io.payonce.gateway.callback.domain;

import java.util.UUID;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.TraceContext;

/**
 * A {@code t_outbox} row in the shape the relay's EventRouter expects (docs/conventions.md): the id becomes
 * the Kafka header {@code id}, the aggregate type routes to the topic ({@code pay.success} for a
 * {@code PaySuccess}, {@code pay.refund-required} for a {@code DuplicatePayment}), the aggregate id (orderNo)
 * becomes the record key, the payload is relayed byte for byte, the trace context (of the callback that wrote it)
 * becomes the headers {@code traceparent} and {@code tracestate}.
 */
public record OutboxEvent(UUID id, String aggregateType, String aggregateId, String type, String payload,
		TraceContext trace) {

	public static OutboxEvent of(UUID eventId, PayonceEvent event, TraceContext trace) {
		EventType type = EventType.of(event);
		return new OutboxEvent(eventId, type.topic().topicName(), event.orderNo(), type.wireName(),
				EventCodec.encodeToString(event), trace);
	}

}
