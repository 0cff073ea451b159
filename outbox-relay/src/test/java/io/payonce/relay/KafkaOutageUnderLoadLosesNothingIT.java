package io.payonce.relay;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.health.RelayHealthIndicator;
import io.payonce.relay.support.InProcessRelay;
import io.payonce.relay.support.LoadWriter;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.TopicRecorder;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Kafka stopped for 30 s while the gateway keeps writing: the relay waits, resumes, and loses nothing. */
class KafkaOutageUnderLoadLosesNothingIT {

	private static final Duration OUTAGE = Duration.ofSeconds(30);

	@Test
	void aThirtySecondKafkaOutageUnderLoadLosesNothing() throws Exception {
		// given
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		String run = "kafka-down-" + UUID.randomUUID().toString().substring(0, 8);
		int rows = 4_000;

		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName());
				ConfigurableApplicationContext relay = InProcessRelay.start(settings(stack));
				LoadWriter load = new LoadWriter(new OutboxWriter(stack, LocalDatabase.GATEWAY), run, 5, rows)) {
			RelayHealthIndicator health = relay.getBean(RelayHealthIndicator.class);
			await().atMost(Duration.ofSeconds(120)).until(() -> health.health().getStatus().equals(Status.UP));
			load.start(50);
			await().atMost(Duration.ofSeconds(60)).until(() -> recorder.arrivedOf(load.committed()) >= 200);

			// when: Kafka is down for OUTAGE while the load goes on
			int writtenAtStop = load.committedCount();
			stack.kafka().stop();
			try {
				// The relay notices: a batch waits for acknowledgement longer than unhealthy-after.
				await().atMost(OUTAGE).until(() -> health.health().getStatus().equals(Status.DOWN));
				await().pollDelay(OUTAGE)
					.atMost(OUTAGE.plusSeconds(30))
					.until(() -> load.committedCount() > writtenAtStop + 100);
			}
			finally {
				stack.kafka().start();
			}

			// then
			await().atMost(Duration.ofSeconds(120)).until(load::isDone);
			Set<String> written = load.committed();
			await().atMost(Duration.ofSeconds(180)).until(() -> recorder.arrivedOf(written) == written.size());
			await().atMost(Duration.ofSeconds(60)).until(() -> health.health().getStatus().equals(Status.UP));
			System.out.printf("Kafka down %d s under load: %d written, %d missing, %d re-sent%n", OUTAGE.toSeconds(),
					written.size(), recorder.missingOf(written).size(), recorder.resentOf(written));
			assertThat(written).hasSize(rows);
			assertThat(recorder.missingOf(written)).isEmpty();
		}
	}

	private static Map<String, Object> settings(LocalStack stack) {
		Map<String, Object> settings = InProcessRelay.settings(stack);
		settings.put("payonce.relay.delivery.unhealthy-after", "10s");
		return settings;
	}

}
