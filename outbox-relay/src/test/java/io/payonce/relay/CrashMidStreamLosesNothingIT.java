package io.payonce.relay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.support.LoadWriter;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.RelayProcess;
import io.payonce.relay.support.TopicRecorder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * kill -9 of the relay process in the middle of a 20,000-row stream, then a restart: every row arrives. The
 * rows acknowledged but not yet covered by a stored offset are sent again; the test measures and prints
 * how many.
 */
class CrashMidStreamLosesNothingIT {

	private static final int ROWS = 20_000;

	@Test
	void killNineMidStreamThenRestartDeliversEveryRow() throws Exception {
		// given
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		String run = "crash-" + UUID.randomUUID().toString().substring(0, 8);
		Path log = Files.createDirectories(Paths.get("target", "relay-process")).resolve(run + ".log");

		try (TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
				Topic.PAY_SUCCESS.topicName());
				LoadWriter load = new LoadWriter(new OutboxWriter(stack, LocalDatabase.GATEWAY), run, 20, ROWS)) {
			long arrivedAtKill;
			try (RelayProcess first = RelayProcess.start(stack, Map.of(), log)) {
				await().atMost(Duration.ofSeconds(300)).until(first::isHealthy);
				load.start(5);

				// when: killed while the stream is being relayed
				await().atMost(Duration.ofSeconds(180)).until(() -> recorder.arrivedOf(load.committed()) >= ROWS / 4);
				first.kill();
				arrivedAtKill = recorder.arrivedOf(load.committed());
			}
			try (RelayProcess second = RelayProcess.start(stack, Map.of(), log)) {
				await().atMost(Duration.ofSeconds(300)).until(second::isHealthy);

				// then
				await().atMost(Duration.ofSeconds(120)).until(load::isDone);
				Set<String> written = load.committed();
				await().atMost(Duration.ofSeconds(300)).until(() -> recorder.arrivedOf(written) == ROWS);
			}
			Set<String> written = load.committed();
			long resent = recorder.resentOf(written);
			System.out.printf("kill -9 mid-stream: %d rows written, %d arrived before the kill, %d missing, "
					+ "%d re-sent after the restart%n", written.size(), arrivedAtKill,
					recorder.missingOf(written).size(), resent);
			assertThat(written).hasSize(ROWS);
			assertThat(arrivedAtKill).as("the kill happened mid-stream").isLessThan(ROWS);
			assertThat(recorder.missingOf(written)).isEmpty();
		}
	}

}
