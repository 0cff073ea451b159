package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * One routed outbox event, ready for Kafka: the bytes exactly as they will be written.
 *
 * @param sourceMillis binlog time of the outbox insert, or {@code null} if the connector gave none
 */
public record OutboxMessage(String topic, byte[] key, byte[] value, List<RecordHeader> headers, Long sourceMillis) {

	/** The record key (the orderNo) as text, or {@code null}. */
	public String keyText() {
		return (this.key == null) ? null : new String(this.key, StandardCharsets.UTF_8);
	}

	/** The last header of that name as text (UTF-8, the contract's header rule), or {@code null}. */
	public String header(String name) {
		for (int i = this.headers.size() - 1; i >= 0; i--) {
			RecordHeader header = this.headers.get(i);
			if (header.key().equals(name)) {
				return (header.value() == null) ? null : new String(header.value(), StandardCharsets.UTF_8);
			}
		}
		return null;
	}

	/** The record as written, with the routed headers and the relay's own {@code extra} header last. */
	public ProducerRecord<byte[], byte[]> toProducerRecord(Header extra) {
		List<Header> all = new ArrayList<>(this.headers.size() + 1);
		all.addAll(this.headers);
		all.add(extra);
		return new ProducerRecord<>(this.topic, null, this.key, this.value, all);
	}

}
