package io.payonce.relay.engine;

import io.payonce.contract.PayonceHeaders;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * Copies the outbox row's trace context (columns {@code traceparent}, {@code tracestate}, issue 17) into the Connect
 * headers of the same names, before the outbox router replaces the envelope; the router keeps existing headers, and
 * the relay writes them to Kafka as the W3C headers the consumer continues the trace from. Our own step rather than
 * the router's {@code table.fields.additional.placement}: the router fails on a row whose schema lacks the column
 * (every row written before the columns' migration, which a relay catching up still reads) and would send a NULL
 * column as a header without a value. Here a missing column or a NULL is simply no header. The value is copied as
 * written: the writers store only a valid context ({@code TraceContext.of}), and a reader parses what it gets.
 * Per record: two field lookups by name in the row's schema (a map), no reflection.
 */
public class TraceContextHeaders<R extends ConnectRecord<R>> extends HeaderTransformation<R> {

	@Override
	public R apply(R record) {
		if (record.value() instanceof Struct envelope && envelope.schema().field("after") != null) {
			Struct after = envelope.getStruct("after");
			if (after != null) {
				copy(after, PayonceHeaders.TRACEPARENT, record);
				copy(after, PayonceHeaders.TRACESTATE, record);
			}
		}
		return record;
	}

	private static void copy(Struct row, String column, ConnectRecord<?> record) {
		Field field = row.schema().field(column);
		if (field != null) {
			Object value = row.get(field);
			if (value instanceof String text && !text.isEmpty()) {
				record.headers().add(column, text, Schema.STRING_SCHEMA);
			}
		}
	}

}
