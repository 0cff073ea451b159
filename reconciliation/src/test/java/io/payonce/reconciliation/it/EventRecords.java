package io.payonce.reconciliation.it;

import java.nio.charset.StandardCharsets;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.PayonceHeaders;
import org.apache.kafka.clients.producer.ProducerRecord;

/** An event as the relay writes it: its type's topic, key orderNo, headers {@code id} and {@code eventType}. */
final class EventRecords {

	private EventRecords() {
	}

	static ProducerRecord<String, byte[]> of(String eventId, PayonceEvent event) {
		EventType type = EventType.of(event);
		ProducerRecord<String, byte[]> record = new ProducerRecord<>(type.topic().topicName(), event.orderNo(),
				EventCodec.encode(event));
		record.headers().add(PayonceHeaders.EVENT_ID, eventId.getBytes(StandardCharsets.UTF_8));
		record.headers().add(PayonceHeaders.EVENT_TYPE, type.wireName().getBytes(StandardCharsets.UTF_8));
		return record;
	}

}
