package io.payonce.relay;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

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

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The binlog the relay stopped in is purged while the relay is down: it must refuse to start and say so
 * (health DOWN with "BINLOG PURGED"), never skip to what is still there. Runs in its own failsafe execution,
 * hence its own JVM and local stack: purging would break every other test's relay on a shared stack.
 */
class PurgedBinlogFailsLoudlyIT {

	@Test
	void aRelayWhoseBinlogWasPurgedWhileDownFailsLoudlyAndSendsNothing() throws Exception {
		// given: the relay ran, stored its position, and stopped
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		OutboxWriter gateway = new OutboxWriter(stack, LocalDatabase.GATEWAY);
		String run = "purged-" + UUID.randomUUID().toString().substring(0, 8);
		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName())) {
			try (ConfigurableApplicationContext relay = InProcessRelay.start(InProcessRelay.settings(stack))) {
				gateway.commit(List.of(event(run + "-before")));
				await().atMost(Duration.ofSeconds(120)).until(() -> !recorder.withKey(run + "-before").isEmpty());
			}

			// when: an event is written and the binlog holding the stored position is purged
			gateway.commit(List.of(event(run + "-lost")));
			purgeAllButTheCurrentBinlog(stack);

			try (ConfigurableApplicationContext relay = InProcessRelay.start(InProcessRelay.settings(stack))) {
				RelayHealthIndicator health = relay.getBean(RelayHealthIndicator.class);

				// then (one health answer: a failed term hands the lead over and the next one fails the same way, so
				// the details change between answers)
				Health down = await().atMost(Duration.ofSeconds(120)).until(health::health,
						(answer) -> answer.getStatus().equals(Status.DOWN)
								&& "FAILED".equals(answer.getDetails().get("engine")));
				System.out.println("Health after a purged binlog: " + down.getDetails());
				assertThat(String.valueOf(down.getDetails().get("error"))).startsWith("BINLOG PURGED");
				assertThat(recorder.withKey(run + "-lost")).isEmpty();
			}
		}
	}

	private static OutboxEvent event(String orderNo) {
		return OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo, EventType.PAY_SUCCESS.wireName(),
				"{\"orderNo\":\"" + orderNo + "\"}");
	}

	/**
	 * MariaDB silently keeps a binlog that a dump thread still reads, and the stopped relay's dump thread may
	 * linger for a moment on the server: purge until only the current file is left.
	 */
	private static void purgeAllButTheCurrentBinlog(LocalStack stack) throws Exception {
		try (Connection root = stack.mariaDb().rootConnection(); Statement statement = root.createStatement()) {
			statement.execute("FLUSH BINARY LOGS");
			String current;
			try (ResultSet status = statement.executeQuery("SHOW MASTER STATUS")) {
				assertThat(status.next()).as("binlog enabled").isTrue();
				current = status.getString(1);
			}
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				statement.execute("PURGE BINARY LOGS TO '" + current + "'");
				int files = 0;
				try (ResultSet logs = statement.executeQuery("SHOW BINARY LOGS")) {
					while (logs.next()) {
						files++;
					}
				}
				return files == 1;
			});
		}
	}

}
