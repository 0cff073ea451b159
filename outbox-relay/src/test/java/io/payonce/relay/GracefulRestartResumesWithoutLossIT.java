package io.payonce.relay;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;

import io.payonce.contract.EventType;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.health.RelayHealthIndicator;
import io.payonce.relay.support.InProcessRelay;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.OutboxWriter.OutboxEvent;
import io.payonce.relay.support.TopicRecorder;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stop the relay cleanly, write while it is down, start it again: everything arrives, and because a clean
 * stop stores the position of everything acknowledged, nothing is sent twice.
 */
class GracefulRestartResumesWithoutLossIT {

	@Test
	void eventsWrittenWhileTheRelayWasStoppedArriveAfterTheRestartAndNoneTwice() throws Exception {
		// given
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		OutboxWriter gateway = new OutboxWriter(stack, LocalDatabase.GATEWAY);
		String run = "restart-" + UUID.randomUUID().toString().substring(0, 8);
		List<OutboxEvent> beforeStop = events(run + "-a", 300);
		List<OutboxEvent> whileStopped = events(run + "-b", 300);
		Set<String> all = new HashSet<>();
		beforeStop.forEach((event) -> all.add(event.id()));
		whileStopped.forEach((event) -> all.add(event.id()));

		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName())) {
			try (ConfigurableApplicationContext relay = InProcessRelay.start(InProcessRelay.settings(stack))) {
				gateway.commit(beforeStop);
				await().atMost(Duration.ofSeconds(90))
					.until(() -> recorder.arrivedOf(ids(beforeStop)) == beforeStop.size());
			}

			// when
			gateway.commit(whileStopped);
			try (ConfigurableApplicationContext relay = InProcessRelay.start(InProcessRelay.settings(stack))) {
				RelayHealthIndicator health = relay.getBean(RelayHealthIndicator.class);

				// then
				await().atMost(Duration.ofSeconds(90)).until(() -> recorder.arrivedOf(all) == all.size());
				await().atMost(Duration.ofSeconds(30)).until(() -> health.health().getStatus().equals(Status.UP));
			}
			long resent = recorder.resentOf(all);
			System.out.printf("Graceful restart: %d events, %d re-sent%n", all.size(), resent);
			assertThat(recorder.missingOf(all)).isEmpty();
			assertThat(resent).as("records sent twice across a clean restart").isZero();
		}
	}

	private static List<OutboxEvent> events(String prefix, int count) {
		return IntStream.range(0, count)
			.mapToObj((i) -> OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), prefix + "-" + i,
					EventType.PAY_SUCCESS.wireName(), "{\"orderNo\":\"" + prefix + "-" + i + "\"}"))
			.toList();
	}

	private static Set<String> ids(List<OutboxEvent> events) {
		Set<String> ids = new HashSet<>();
		events.forEach((event) -> ids.add(event.id()));
		return ids;
	}

}
