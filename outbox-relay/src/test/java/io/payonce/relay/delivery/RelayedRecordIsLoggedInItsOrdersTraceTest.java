package io.payonce.relay.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.debezium.engine.RecordChangeEvent;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay's line about each record it published carries the order and the trace of the outbox row that record
 * came from ({@code traceparent} column → header), under the MDC keys the services' logging pattern prints; a row
 * without trace context gets a line with its order only, and nothing is left in the context afterwards.
 */
class RelayedRecordIsLoggedInItsOrdersTraceTest {

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private final Logger logger = (Logger) LoggerFactory.getLogger(KafkaBatchRelay.class);

	private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

	@BeforeEach
	void captureTheRelaysLines() {
		this.lines.start();
		this.logger.addAppender(this.lines);
	}

	@AfterEach
	void stopCapturing() {
		this.logger.detachAppender(this.lines);
	}

	@Test
	void eachPublishedRecordIsLoggedWithItsOrdersTraceAndSpanIds() throws Exception {
		// given a batch of a traced outbox row and an untraced one
		MockProducer<byte[], byte[]> producer = new MockProducer<>(true, null, new ByteArraySerializer(),
				new ByteArraySerializer());
		producer.initTransactions();
		KafkaBatchRelay relay = new KafkaBatchRelay(producer,
				new RelayDeliveryProperties(Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofSeconds(30),
						Duration.ZERO),
				new RelayStatus(Clock.systemUTC()), new RelayMetrics(new SimpleMeterRegistry()), Clock.systemUTC(),
				"relay-a");

		// when it is relayed
		relay.handleBatch(List.of(routed("P20261201001", TRACEPARENT), routed("P20261201002", null)),
				new RecordingCommitter());

		// then one line per record, after the commit, each in its own order's context
		List<ILoggingEvent> relayed = this.lines.list.stream()
			.filter((line) -> line.getFormattedMessage().startsWith("relayed"))
			.toList();
		assertThat(relayed).hasSize(2);
		assertThat(relayed.get(0).getMDCPropertyMap()).containsEntry("orderNo", "P20261201001")
			.containsEntry("traceId", "4bf92f3577b34da6a3ce929d0e0e4736")
			.containsEntry("spanId", "00f067aa0ba902b7");
		assertThat(relayed.get(0).getFormattedMessage()).contains("PaySuccess", "id-P20261201001", "pay.success-");
		assertThat(relayed.get(1).getMDCPropertyMap()).containsEntry("orderNo", "P20261201002")
			.doesNotContainKeys("traceId", "spanId");
		assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
	}

	private static RecordChangeEvent<SourceRecord> routed(String orderNo, String traceparent) {
		SourceRecord record = new SourceRecord(Map.of(), Map.of("pos", orderNo), "pay.success", null,
				Schema.STRING_SCHEMA, orderNo, Schema.OPTIONAL_STRING_SCHEMA, "{\"orderNo\":\"" + orderNo + "\"}");
		record.headers().add(PayonceHeaders.EVENT_ID, "id-" + orderNo, Schema.STRING_SCHEMA);
		record.headers().add(PayonceHeaders.EVENT_TYPE, "PaySuccess", Schema.STRING_SCHEMA);
		if (traceparent != null) {
			record.headers().add(PayonceHeaders.TRACEPARENT, traceparent, Schema.STRING_SCHEMA);
		}
		return () -> record;
	}

}
