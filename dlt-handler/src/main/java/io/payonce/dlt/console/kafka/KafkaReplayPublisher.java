package io.payonce.dlt.console.kafka;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.dlt.console.ReplayPublisher;
import io.payonce.dlt.terminal.TerminalRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/** Synchronous send: the console answers "replayed" only after the broker acknowledged the record. */
@Component
class KafkaReplayPublisher implements ReplayPublisher {

	private final KafkaTemplate<String, byte[]> kafka;

	KafkaReplayPublisher(KafkaTemplate<String, byte[]> kafka) {
		this.kafka = kafka;
	}

	@Override
	public void publish(TerminalRecord record, String replayId) throws ReplayFailedException {
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
		try {
			this.kafka.send(out).get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new ReplayFailedException("publish to pay.success failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ReplayFailedException("interrupted while publishing", ex);
		}
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
