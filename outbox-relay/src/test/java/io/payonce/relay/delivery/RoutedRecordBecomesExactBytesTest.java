package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.debezium.data.Envelope;
import io.debezium.transforms.outbox.EventRouter;

import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.config.ConnectorFlavour;
import io.payonce.relay.config.DebeziumConfiguration;
import io.payonce.relay.config.RelayDatabaseProperties;
import io.payonce.relay.config.RelayEngineProperties;
import io.payonce.relay.config.RelayProperties;
import io.payonce.relay.config.RelayStorageProperties;
import io.payonce.relay.engine.SourceTimestampHeader;
import io.payonce.relay.engine.TraceContextHeaders;
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

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private static Schema rowSchema(boolean withTraceColumns) {
		SchemaBuilder row = SchemaBuilder.struct()
			.name("payonce.payonce_gateway.t_outbox.Value")
			.field("id", Schema.STRING_SCHEMA)
			.field("aggregatetype", Schema.STRING_SCHEMA)
			.field("aggregateid", Schema.STRING_SCHEMA)
			.field("type", Schema.STRING_SCHEMA)
			.field("payload", Schema.STRING_SCHEMA);
		if (withTraceColumns) {
			row.field("traceparent", Schema.OPTIONAL_STRING_SCHEMA).field("tracestate", Schema.OPTIONAL_STRING_SCHEMA);
		}
		return row.optional().build();
	}

	/** The change event of an outbox insert as the MariaDB connector emits it (envelope, op "c"). */
	private static SourceRecord outboxInsert(Schema rowSchema, String traceparent, String tracestate) {
		Struct row = new Struct(rowSchema).put("id", "3f1c2a4e-0000-4000-8000-000000000001")
			.put("aggregatetype", "pay.success")
			.put("aggregateid", "O-1")
			.put("type", "PaySuccess")
			.put("payload", PAYLOAD);
		if (rowSchema.field("traceparent") != null) {
			row.put("traceparent", traceparent).put("tracestate", tracestate);
		}
		Schema sourceSchema = SchemaBuilder.struct().name("io.debezium.connector.mariadb.Source")
			.field("ts_ms", Schema.INT64_SCHEMA)
			.build();
		Envelope envelope = Envelope.defineSchema()
			.withName("payonce.payonce_gateway.t_outbox.Envelope")
			.withRecord(rowSchema)
			.withSource(sourceSchema)
			.build();
		Struct value = envelope.create(row, new Struct(sourceSchema).put("ts_ms", 1_700_000_000_000L),
				Instant.ofEpochMilli(1_700_000_000_100L));
		return new SourceRecord(Map.of(), Map.of(), "payonce.payonce_gateway.t_outbox", null, null, null,
				envelope.schema(), value);
	}

	/** The relay's configured transforms, in their configured order, then the mapping to bytes. */
	private static ProducerRecord<byte[], byte[]> throughTheTransforms(SourceRecord change) {
		Properties props = DebeziumConfiguration.build(
				new RelayProperties(ConnectorFlavour.MARIADB, "payonce", 184054L,
						List.of("payonce_gateway.t_outbox", "payonce_trade.t_outbox"), "never"),
				new RelayDatabaseProperties("localhost", 13306, "payonce_cdc", "x", false, Duration.ofSeconds(5)),
				new RelayStorageProperties("o", "h", (short) 1, Duration.ofSeconds(1)),
				new RelayEngineProperties(Duration.ofMillis(25), 2048, 8192), "k:1");
		Map<String, String> router = new HashMap<>();
		props.stringPropertyNames()
			.stream()
			.filter((name) -> name.startsWith("transforms.outbox."))
			.forEach((name) -> router.put(name.substring("transforms.outbox.".length()), props.getProperty(name)));
		assertThat(props.getProperty("transforms")).isEqualTo("sourceTs,trace,outbox");
		try (SourceTimestampHeader<SourceRecord> sourceTs = new SourceTimestampHeader<>();
				TraceContextHeaders<SourceRecord> trace = new TraceContextHeaders<>();
				EventRouter<SourceRecord> outbox = new EventRouter<>()) {
			outbox.configure(router);
			SourceRecord routed = outbox.apply(trace.apply(sourceTs.apply(change)));
			return OutboxMessageMapper.map(routed).toProducerRecord(RELAYED_BY);
		}
	}

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
	void theTraceContextHeadersAreSentAsTheirUtf8BytesBeforeTheRelaysHeader() {
		// given a routed record with the row's trace context (as TraceContextHeaders leaves it)
		SourceRecord record = routed(PAYLOAD);
		record.headers().add(PayonceHeaders.TRACEPARENT, TRACEPARENT, Schema.STRING_SCHEMA);
		record.headers().add(PayonceHeaders.TRACESTATE, "congo=t61rcWkgMzE", Schema.STRING_SCHEMA);

		// when
		ProducerRecord<byte[], byte[]> out = OutboxMessageMapper.map(record).toProducerRecord(RELAYED_BY);

		// then
		assertThat(out.headers().toArray()).extracting(Header::key)
			.containsExactly("id", "eventType", PayonceHeaders.TRACEPARENT, PayonceHeaders.TRACESTATE,
					PayonceHeaders.RELAYED_BY);
		assertThat(out.headers().lastHeader(PayonceHeaders.TRACEPARENT).value())
			.isEqualTo(TRACEPARENT.getBytes(StandardCharsets.UTF_8));
		assertThat(out.headers().lastHeader(PayonceHeaders.TRACESTATE).value())
			.isEqualTo("congo=t61rcWkgMzE".getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void anOutboxRowsTraceparentColumnBecomesTheRecordsHeaderThroughTheConfiguredTransforms() {
		// given the binlog insert of a row with its trace context, through the relay's own chain of transforms
		SourceRecord change = outboxInsert(rowSchema(true), TRACEPARENT, "congo=t61rcWkgMzE");

		// when
		ProducerRecord<byte[], byte[]> out = throughTheTransforms(change);

		// then
		assertThat(out.topic()).isEqualTo("pay.success");
		assertThat(new String(out.key(), StandardCharsets.UTF_8)).isEqualTo("O-1");
		assertThat(out.value()).isEqualTo(PAYLOAD.getBytes(StandardCharsets.UTF_8));
		assertThat(new String(out.headers().lastHeader(PayonceHeaders.TRACEPARENT).value(), StandardCharsets.UTF_8))
			.isEqualTo(TRACEPARENT);
		assertThat(new String(out.headers().lastHeader(PayonceHeaders.TRACESTATE).value(), StandardCharsets.UTF_8))
			.isEqualTo("congo=t61rcWkgMzE");
	}

	@Test
	void aRowWithoutTraceContextOrWrittenBeforeItsColumnsIsRelayedWithoutTraceHeaders() {
		// given a NULL column, and a row of the schema before the columns' migration (a relay catching up reads both)
		SourceRecord nullColumns = outboxInsert(rowSchema(true), null, null);
		SourceRecord olderRow = outboxInsert(rowSchema(false), null, null);

		// when / then
		for (SourceRecord change : new SourceRecord[] { nullColumns, olderRow }) {
			ProducerRecord<byte[], byte[]> out = throughTheTransforms(change);
			assertThat(out.headers().toArray()).extracting(Header::key)
				.containsExactly("id", "eventType", PayonceHeaders.RELAYED_BY);
		}
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
