package io.payonce.dlt.retry.streams;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

import tools.jackson.databind.json.JsonMapper;

/**
 * A record waiting in the store, already in the shape it will be re-published in (attempt + 1, history
 * appended), so the punctuator only forwards and deletes.
 */
record PendingRecord(String key, byte[] value, List<StoredHeader> headers) {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	record StoredHeader(String name, byte[] value) {

	}

	static PendingRecord of(String key, byte[] value, Headers headers) {
		List<StoredHeader> stored = new ArrayList<>();
		for (Header header : headers) {
			stored.add(new StoredHeader(header.key(), header.value()));
		}
		return new PendingRecord(key, value, stored);
	}

	Headers kafkaHeaders() {
		RecordHeaders result = new RecordHeaders();
		for (StoredHeader header : this.headers) {
			result.add(header.name(), header.value());
		}
		return result;
	}

	byte[] toBytes() {
		return MAPPER.writeValueAsBytes(this);
	}

	static PendingRecord fromBytes(byte[] bytes) {
		return MAPPER.readValue(bytes, PendingRecord.class);
	}

}
