package io.payonce.relay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.support.CuttableProxy;
import io.payonce.relay.support.LoadWriter;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.RelayProcess;
import io.payonce.relay.support.TopicRecorder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two relay processes; the leader reaches the database through a proxy that the test cuts (a partition between
 * its host and the database, while the standby still reaches it). The leader keeps its Kafka lease, so only its own
 * rule can move the lead: after {@code database-loss-tolerance} it hands over, the standby streams from the stored
 * position, and every row written meanwhile arrives.
 */
class ALeaderCutOffFromItsDatabaseHandsOverToTheStandbyIT {

	private static final Duration TOLERANCE = Duration.ofSeconds(5);

	@Test
	void theLeaderWithoutItsDatabaseHandsTheLeadToTheStandbyAndNothingIsLost() throws Exception {
		// given a leader through the proxy and a standby connected directly, under load
		LocalStack stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		String run = "cutoff-" + UUID.randomUUID().toString().substring(0, 8);
		Path logs = Files.createDirectories(Paths.get("target", "relay-process"));
		Map<String, String> settings = Map.of("PAYONCE_RELAY_LEADERSHIP_DATABASE_LOSS_TOLERANCE",
				TOLERANCE.toSeconds() + "s", "PAYONCE_RELAY_LEADERSHIP_REJOIN_AFTER_STEP_DOWN", "3s");
		try (CuttableProxy proxy = CuttableProxy.to(stack.mariaDb().port());
				TopicRecorder recorder = new TopicRecorder(stack.kafka().bootstrapServers(),
						Topic.PAY_SUCCESS.topicName());
				LoadWriter load = new LoadWriter(new OutboxWriter(stack, LocalDatabase.GATEWAY), run, 5, 2_000);
				RelayProcess leader = RelayProcess.start(stack, with(settings, "PAYONCE_RELAY_DATABASE_PORT",
						Integer.toString(proxy.port())), logs.resolve(run + "-leader.log"))) {
			await().atMost(Duration.ofMinutes(5)).until(() -> leader.role().filter("LEADER"::equals).isPresent()
					&& leader.isHealthy());
			try (RelayProcess standby = RelayProcess.start(stack, settings, logs.resolve(run + "-standby.log"))) {
				await().atMost(Duration.ofMinutes(5)).until(() -> standby.role().filter("STANDBY"::equals).isPresent());
				load.start(20);
				await().atMost(Duration.ofMinutes(1)).until(() -> recorder.arrivedOf(load.committed()) >= 200);

				// when the leader loses its database, and only the leader
				proxy.cut();
				long cutAt = System.nanoTime();

				// then it hands the lead over, and the standby streams
				await().atMost(Duration.ofMinutes(2)).until(() -> standby.role().filter("LEADER"::equals).isPresent()
						&& standby.isHealthy());
				Duration handover = Duration.ofNanos(System.nanoTime() - cutAt);
				assertThat(leader.detail("lastStepDown")).hasValue("DATABASE_LOST");
				assertThat(leader.role()).hasValueSatisfying((role) -> assertThat(role).isNotEqualTo("LEADER"));
				await().atMost(Duration.ofMinutes(2)).until(load::isDone);
				Set<String> written = load.committed();
				await().atMost(Duration.ofMinutes(2)).until(() -> recorder.arrivedOf(written) == written.size());
				System.out.printf("database cut off from the leader: standby leads and streams %d ms later; %d rows, "
						+ "%d re-sent%n", handover.toMillis(), written.size(), recorder.resentOf(written));
				assertThat(handover).as("not before the tolerance").isGreaterThanOrEqualTo(TOLERANCE);
				assertThat(recorder.missingOf(written)).isEmpty();
			}
		}
	}

	private static Map<String, String> with(Map<String, String> settings, String name, String value) {
		Map<String, String> all = new HashMap<>(settings);
		all.put(name, value);
		return all;
	}

}
