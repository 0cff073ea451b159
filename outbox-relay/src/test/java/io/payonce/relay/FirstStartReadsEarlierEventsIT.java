package io.payonce.relay;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.contract.EventType;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.support.InProcessRelay;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.OutboxWriter.OutboxEvent;
import io.payonce.relay.support.TopicRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A relay that has never run (no stored offsets) must still deliver what the writers committed before it
 * started: outbox rows are already deleted, so only the binlog has them ({@code snapshot.mode=never}).
 */
@ExtendWith(OutputCaptureExtension.class)
class FirstStartReadsEarlierEventsIT {

	@Test
	void eventsCommittedBeforeTheFirstStartAreRelayedAndThePasswordIsNeverLogged(CapturedOutput output)
			throws Exception {
		// given: a committed event, and a relay identity with no stored position
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		String fresh = UUID.randomUUID().toString().substring(0, 8);
		String orderNo = "O-early-" + fresh;
		OutboxEvent early = OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo, EventType.PAY_SUCCESS.wireName(),
				"{\"orderNo\":\"" + orderNo + "\"}");
		new OutboxWriter(stack, LocalDatabase.GATEWAY).commit(List.of(early));
		Map<String, Object> settings = InProcessRelay.settings(stack);
		settings.put("payonce.relay.server-name", "payonce-first-" + fresh);
		settings.put("payonce.relay.server-id", "284054");
		settings.put("payonce.relay.storage.offsets-topic", "payonce.relay.offsets.first-" + fresh);
		settings.put("payonce.relay.storage.schema-history-topic", "payonce.relay.schema-history.first-" + fresh);

		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName())) {
			// when
			try (ConfigurableApplicationContext relay = InProcessRelay.start(settings)) {
				// then
				await().atMost(Duration.ofSeconds(120)).until(() -> !recorder.withKey(orderNo).isEmpty());
			}
		}
		assertThat(output.getAll()).contains("database.user = payonce_cdc")
			.contains("database.password = ********")
			.doesNotContain(LocalDatabase.CDC.password());
	}

}
