package io.payonce.relay.engine;

import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * Copies the binlog event time ({@code source.ts_ms}) of a change event into a Connect header, before the
 * outbox router replaces the envelope. The router keeps existing headers but stamps the record with the
 * processing time, so without this the lag metric would always read zero. The relay strips the header
 * again: it never reaches Kafka.
 */
public class SourceTimestampHeader<R extends ConnectRecord<R>> extends HeaderTransformation<R> {

	public static final String HEADER = "payonce-relay-source-ts";

	@Override
	public R apply(R record) {
		if (record.value() instanceof Struct envelope && envelope.schema().field("source") != null) {
			Struct source = envelope.getStruct("source");
			if (source != null && source.schema().field("ts_ms") != null) {
				Long sourceMillis = source.getInt64("ts_ms");
				if (sourceMillis != null) {
					record.headers().add(HEADER, sourceMillis, Schema.INT64_SCHEMA);
				}
			}
		}
		return record;
	}

}
