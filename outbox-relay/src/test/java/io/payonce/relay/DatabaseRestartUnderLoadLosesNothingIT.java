package io.payonce.relay;

import java.time.Duration;
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

/**
 * MariaDB restarted while the gateway writes: the relay reconnects to the binlog and resumes where it was;
 * every committed event arrives. (Transactions refused while the server was down were never committed.)
 */
class DatabaseRestartUnderLoadLosesNothingIT {

	@Test
	void aMariaDbRestartUnderLoadLosesNothing() throws Exception {
		// given
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		String run = "db-restart-" + UUID.randomUUID().toString().substring(0, 8);
		int rows = 4_000;

		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName());
				ConfigurableApplicationContext relay = InProcessRelay.start(InProcessRelay.settings(stack));
				LoadWriter load = new LoadWriter(new OutboxWriter(stack, LocalDatabase.GATEWAY), run, 5, rows)) {
			RelayHealthIndicator health = relay.getBean(RelayHealthIndicator.class);
			await().atMost(Duration.ofSeconds(120)).until(() -> health.health().getStatus().equals(Status.UP));
			load.start(20);
			await().atMost(Duration.ofSeconds(60)).until(() -> recorder.arrivedOf(load.committed()) >= 300);

			// when
			stack.mariaDb().stop();
			stack.mariaDb().start();

			// then
			await().atMost(Duration.ofSeconds(180)).until(load::isDone);
			Set<String> written = load.committed();
			await().atMost(Duration.ofSeconds(180)).until(() -> recorder.arrivedOf(written) == written.size());
			await().atMost(Duration.ofSeconds(60)).until(() -> health.health().getStatus().equals(Status.UP));
			System.out.printf("MariaDB restarted under load: %d written, %d transactions refused, %d uncertain, "
					+ "%d missing, %d re-sent%n", written.size(), load.failedTransactions(), load.uncertain().size(),
					recorder.missingOf(written).size(), recorder.resentOf(written));
			assertThat(written).hasSize(rows);
			assertThat(recorder.missingOf(written)).isEmpty();
		}
	}

}
