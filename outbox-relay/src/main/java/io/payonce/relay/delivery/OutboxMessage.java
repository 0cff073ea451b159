package io.payonce.relay.delivery;

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

	/** The record as written, with the routed headers and the relay's own {@code extra} header last. */
	public ProducerRecord<byte[], byte[]> toProducerRecord(Header extra) {
		List<Header> all = new ArrayList<>(this.headers.size() + 1);
		all.addAll(this.headers);
		all.add(extra);
		return new ProducerRecord<>(this.topic, null, this.key, this.value, all);
	}

}
