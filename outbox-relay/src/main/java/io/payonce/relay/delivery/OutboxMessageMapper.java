package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.payonce.relay.engine.SourceTimestampHeader;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Turns a record routed by Debezium's EventRouter into the bytes we write. The router already chose topic,
 * key and headers; this class only encodes them: strings as UTF-8 (the contract's header rule), the payload
 * column as the bytes of its string, so the consumer reads the JSON exactly as the gateway wrote it.
 */
public final class OutboxMessageMapper {

	private OutboxMessageMapper() {
	}

	public static OutboxMessage map(SourceRecord record) {
		if (record.topic() == null || record.topic().isBlank()) {
			throw new IllegalStateException("Routed record has no topic: " + record);
		}
		List<RecordHeader> headers = new ArrayList<>();
		Long sourceMillis = null;
		for (Header header : record.headers()) {
			if (SourceTimestampHeader.HEADER.equals(header.key())) {
				// Internal to the relay (lag metric); never written to Kafka.
				sourceMillis = (header.value() instanceof Number number) ? number.longValue() : null;
				continue;
			}
			headers.add(new RecordHeader(header.key(), bytesOf(header.value(), "header " + header.key())));
		}
		return new OutboxMessage(record.topic(), bytesOf(record.key(), "key"), bytesOf(record.value(), "value"),
				headers, sourceMillis);
	}

	private static byte[] bytesOf(Object value, String what) {
		if (value == null) {
			return null;
		}
		if (value instanceof String text) {
			return text.getBytes(StandardCharsets.UTF_8);
		}
		if (value instanceof byte[] bytes) {
			return bytes;
		}
		if (value instanceof Number || value instanceof Boolean) {
			return value.toString().getBytes(StandardCharsets.UTF_8);
		}
		// A Struct here means the router was configured to expand the payload; refuse rather than guess.
		throw new IllegalStateException("Unexpected " + what + " type " + value.getClass().getName()
				+ ": the outbox router must pass payload, key and headers as strings");
	}

}
