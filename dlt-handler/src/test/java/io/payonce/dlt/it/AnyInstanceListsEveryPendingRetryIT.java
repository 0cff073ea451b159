package io.payonce.dlt.it;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two handler instances split the retry ladder's partitions; either one's {@code GET /api/v1/pending} lists every
 * waiting payment (its own partitions from its store, the other's by asking it: Kafka Streams interactive queries).
 */
class AnyInstanceListsEveryPendingRetryIT {

	private static final int RECORDS = 12;

	@RegisterExtension
	final HandlerGroup handlers = new HandlerGroup();

	private final KafkaTestClient kafka = new KafkaTestClient(this.handlers.bootstrap());

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void eitherInstanceListsThePendingRetriesOfBoth() throws Exception {
		Path dir = Files.createTempDirectory("dlt-pending-");
		String applicationId = "dlt-pending-" + UUID.randomUUID();
		String batch = UUID.randomUUID().toString().substring(0, 8);

		// given two instances of one handler group, each running part of the retry partitions
		int port1 = HandlerProcess.freePort();
		int port2 = HandlerProcess.freePort();
		HandlerProcess first = this.handlers.startInGroup(applicationId, port1, dir.resolve("state-1"),
				dir.resolve("handler-1.log"));
		HandlerProcess second = this.handlers.startInGroup(applicationId, port2, dir.resolve("state-2"),
				dir.resolve("handler-2.log"));
		await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
			.until(() -> first.streamsRunning() && second.streamsRunning());

		// and RECORDS payments that failed for a low balance, waiting 10 minutes for their next attempt
		List<String> eventIds = new ArrayList<>();
		List<KafkaTestClient.Outgoing> records = new ArrayList<>();
		for (int i = 0; i < RECORDS; i++) {
			String eventId = batch + "-" + i;
			eventIds.add(eventId);
			records.add(KafkaTestClient.Outgoing.lowBalanceRetry(eventId, "PQ-" + eventId));
		}
		this.kafka.send(records);

		// when each instance is asked (the group may still settle its assignment: ask until both hold a part)
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
			List<String> own1 = eventIds(get(port1, "/api/v1/pending?scope=local&size=1000&reason=INSUFFICIENT_BALANCE"), batch);
			List<String> own2 = eventIds(get(port2, "/api/v1/pending?scope=local&size=1000&reason=INSUFFICIENT_BALANCE"), batch);
			// the ladder is really split: neither instance holds them all, together they hold each once
			assertThat(own1).isNotEmpty().hasSizeLessThan(RECORDS);
			assertThat(own2).isNotEmpty().doesNotContainAnyElementsOf(own1);
			assertThat(own1.size() + own2.size()).isEqualTo(RECORDS);

			// then either lists every one, asked both instances and found both answering
			for (int port : new int[] { port1, port2 }) {
				JsonNode view = get(port, "/api/v1/pending?size=1000&reason=INSUFFICIENT_BALANCE");
				assertThat(eventIds(view, batch)).containsExactlyInAnyOrderElementsOf(eventIds);
				assertThat(view.get("instances")).hasSize(2);
				assertThat(view.get("unreachable")).isEmpty();
			}
		});

		// and a filter on one order finds that order whichever instance holds it, with its attempt and due time
		String orderNo = "PQ-" + eventIds.get(5);
		for (int port : new int[] { port1, port2 }) {
			JsonNode only = get(port, "/api/v1/pending?orderNo=" + orderNo).get("pending");
			assertThat(only).hasSize(1);
			assertThat(only.get(0).get("orderNo").asString()).isEqualTo(orderNo);
			assertThat(only.get(0).get("attempt").asInt()).isEqualTo(1);
			assertThat(only.get(0).get("reason").asString()).isEqualTo("INSUFFICIENT_BALANCE");
			assertThat(only.get(0).get("dueAt").isNull()).isFalse();
		}
	}

	private JsonNode get(int port, String path) throws Exception {
		HttpResponse<String> response = this.handlers.get(port, path);
		assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(200);
		return this.json.readTree(response.body());
	}

	private static List<String> eventIds(JsonNode view, String batch) {
		List<String> ids = new ArrayList<>();
		for (JsonNode retry : view.get("pending")) {
			String id = retry.get("eventId").asString();
			if (id.startsWith(batch)) {
				ids.add(id);
			}
		}
		return ids;
	}

}
