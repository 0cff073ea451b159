package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.engine.SourceTimestampHeader;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RoutedRecordBecomesExactBytesTest {

	private static final String PAYLOAD = "{\"orderNo\":\"O-1\",\"amount\":\"12.50\",\"note\":\"café\"}";

	private static final Header RELAYED_BY = new RecordHeader(PayonceHeaders.RELAYED_BY,
			"relay-a-42".getBytes(StandardCharsets.UTF_8));

	private static SourceRecord routed(Object value) {
		SourceRecord record = new SourceRecord(Map.of(), Map.of(), "pay.success", null, Schema.STRING_SCHEMA, "O-1",
				Schema.OPTIONAL_STRING_SCHEMA, value);
		record.headers().add("id", "3f1c2a4e-0000-4000-8000-000000000001", Schema.STRING_SCHEMA);
		record.headers().add("eventType", "PaySuccess", Schema.STRING_SCHEMA);
		record.headers().add(SourceTimestampHeader.HEADER, 1_700_000_000_000L, Schema.INT64_SCHEMA);
		return record;
	}

	@Test
	void payloadKeyAndHeadersAreTheUtf8BytesOfTheirStrings() {
		// given
		SourceRecord record = routed(PAYLOAD);

		// when
		ProducerRecord<byte[], byte[]> out = OutboxMessageMapper.map(record).toProducerRecord(RELAYED_BY);

		// then
		assertThat(out.topic()).isEqualTo("pay.success");
		assertThat(new String(out.key(), StandardCharsets.UTF_8)).isEqualTo("O-1");
		assertThat(out.value()).isEqualTo(PAYLOAD.getBytes(StandardCharsets.UTF_8));
		assertThat(new String(out.headers().lastHeader("id").value(), StandardCharsets.UTF_8))
			.isEqualTo("3f1c2a4e-0000-4000-8000-000000000001");
		assertThat(new String(out.headers().lastHeader("eventType").value(), StandardCharsets.UTF_8))
			.isEqualTo("PaySuccess");
		assertThat(new String(out.headers().lastHeader(PayonceHeaders.RELAYED_BY).value(), StandardCharsets.UTF_8))
			.isEqualTo("relay-a-42");
	}

	@Test
	void sourceTimestampIsKeptForTheLagMetricButNeverSentAndTheRelaysHeaderComesLast() {
		// given
		SourceRecord record = routed(PAYLOAD);

		// when
		OutboxMessage message = OutboxMessageMapper.map(record);

		// then
		assertThat(message.sourceMillis()).isEqualTo(1_700_000_000_000L);
		assertThat(message.toProducerRecord(RELAYED_BY).headers().toArray()).extracting(Header::key)
			.containsExactly("id", "eventType", PayonceHeaders.RELAYED_BY);
	}

	@Test
	void anExpandedPayloadIsRefusedRatherThanGuessed() {
		// given
		Schema schema = SchemaBuilder.struct().field("orderNo", Schema.STRING_SCHEMA).build();
		SourceRecord record = routed(new Struct(schema).put("orderNo", "O-1"));

		// when / then
		assertThatIllegalStateException().isThrownBy(() -> OutboxMessageMapper.map(record))
			.withMessageContaining("value");
	}

}
