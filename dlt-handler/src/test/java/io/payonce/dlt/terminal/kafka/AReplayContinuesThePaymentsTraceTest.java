package io.payonce.dlt.terminal.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 17: the record a replay publishes carries the terminal record's trace context (the payment's trace). */
class AReplayContinuesThePaymentsTraceTest {

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01";

	@Test
	void theReplayedRecordKeepsTheTraceparentAndTraceState() {
		// when
		ProducerRecord<String, byte[]> sent = ReplayRecords.of(terminal(Map.of(PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.TRACEPARENT, TRACEPARENT, PayonceHeaders.TRACESTATE, "congo=t61rcWkgMzE")), "replay-1");

		// then
		assertThat(text(sent, PayonceHeaders.TRACEPARENT)).isEqualTo(TRACEPARENT);
		assertThat(text(sent, PayonceHeaders.TRACESTATE)).isEqualTo("congo=t61rcWkgMzE");
		assertThat(text(sent, PayonceHeaders.REPLAY_ID)).isEqualTo("replay-1");
	}

	@Test
	void aTerminalRecordWithoutTraceContextIsReplayedWithoutOne() {
		// when
		ProducerRecord<String, byte[]> sent = ReplayRecords.of(terminal(Map.of(PayonceHeaders.EVENT_ID, "evt-1")),
				"replay-2");

		// then the consumer starts a trace of its own
		assertThat(sent.headers().lastHeader(PayonceHeaders.TRACEPARENT)).isNull();
		assertThat(sent.headers().lastHeader(PayonceHeaders.TRACESTATE)).isNull();
	}

	private static TerminalRecord terminal(Map<String, String> headers) {
		return new TerminalRecord("evt-1", "P1", "PaySuccess", "RETRIES_EXHAUSTED", null, null, 6, Instant.EPOCH,
				Instant.EPOCH, "{}", headers, List.of(), "0:1", TerminalStatus.OPEN, null, null, null);
	}

	private static String text(ProducerRecord<String, byte[]> record, String name) {
		return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
	}

}
