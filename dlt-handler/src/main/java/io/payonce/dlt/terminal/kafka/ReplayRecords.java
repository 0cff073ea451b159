package io.payonce.dlt.terminal.kafka;

import java.nio.charset.StandardCharsets;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.dlt.terminal.TerminalRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A terminal record as its replay on {@code pay.success}: same key, value and event id, attempt 1, the replay id, and
 * the payment's trace context.
 */
final class ReplayRecords {

	private ReplayRecords() {
	}

	static ProducerRecord<String, byte[]> of(TerminalRecord record, String replayId) {
		ProducerRecord<String, byte[]> out = new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), record.orderNo(),
				record.payload().getBytes(StandardCharsets.UTF_8));
		add(out, PayonceHeaders.EVENT_ID, record.eventId());
		if (record.eventType() != null) {
			add(out, PayonceHeaders.EVENT_TYPE, record.eventType());
		}
		// a replay starts a fresh ladder; the old history stays in the terminal record and the audit trail
		add(out, PayonceHeaders.ATTEMPT, "1");
		add(out, PayonceHeaders.REPLAY_ID, replayId);
		// the payment's trace continues through the replay (issue 17)
		copy(record, out, PayonceHeaders.TRACEPARENT);
		copy(record, out, PayonceHeaders.TRACESTATE);
		return out;
	}

	private static void copy(TerminalRecord from, ProducerRecord<String, byte[]> to, String header) {
		String value = from.headers().get(header);
		if (value != null && !value.isEmpty()) {
			add(to, header, value);
		}
	}

	private static void add(ProducerRecord<String, byte[]> record, String name, String value) {
		record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
	}

}
