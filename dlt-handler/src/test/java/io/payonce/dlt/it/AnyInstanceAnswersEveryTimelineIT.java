package io.payonce.dlt.it;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two handler instances split the timeline's partitions; either answers {@code GET /api/v1/timeline/{orderNo}} for
 * every order: from its own store, or by asking the instance that keeps it (Kafka Streams interactive queries,
 * {@code queryMetadataForKey}), with the operator's credentials.
 */
class AnyInstanceAnswersEveryTimelineIT {

	private static final int ORDERS = 12;

	@RegisterExtension
	final HandlerGroup handlers = new HandlerGroup();

	private final KafkaTestClient kafka = new KafkaTestClient(this.handlers.bootstrap());

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void eitherInstanceAnswersTheTimelineOfEveryOrderAskingTheOneThatKeepsIt() throws Exception {
		Path dir = Files.createTempDirectory("dlt-timeline-");
		String applicationId = "dlt-timeline-" + UUID.randomUUID();
		String batch = UUID.randomUUID().toString().substring(0, 8);

		// given two instances of one handler group
		int port1 = HandlerProcess.freePort();
		int port2 = HandlerProcess.freePort();
		HandlerProcess first = this.handlers.startInGroup(applicationId, port1, dir.resolve("state-1"),
				dir.resolve("handler-1.log"));
		HandlerProcess second = this.handlers.startInGroup(applicationId, port2, dir.resolve("state-2"),
				dir.resolve("handler-2.log"));
		// both running before any fact exists: an instance that joins when the other already holds state only warms
		// up standbys until Kafka Streams' next probing rebalance (10 min), and one would keep every timeline
		await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
			.until(() -> first.bothStreamsRunning() && second.bothStreamsRunning());

		// and ORDERS payments accepted by the gateway (its fact) that then failed for a low balance (the retry record),
		// among them one whose orderNo needs URL encoding and one that differs from another only in case
		Instant accepted = Instant.now().minusSeconds(5);
		List<String> orders = new ArrayList<>();
		for (int i = 0; i < ORDERS - 3; i++) {
			orders.add("PT-" + batch + "-" + i);
		}
		orders.add("pt-" + batch + "-0");
		orders.add("PT ü+" + batch);
		orders.add("PT ü+%/;" + batch);
		List<KafkaTestClient.Outgoing> records = new ArrayList<>();
		for (String orderNo : orders) {
			records.add(new KafkaTestClient.Outgoing(Topic.PAY_TIMELINE.topicName(), orderNo,
					TimelineFactCodec.encode(new TimelineFact(orderNo, accepted, "producer-gateway", "gw-it",
							TimelineFact.Step.CALLBACK, "ACCEPTED", "4bf92f3577b34da6a3ce929d0e0e4736", Map.of())),
					Map.of()));
			records.add(KafkaTestClient.Outgoing.lowBalanceRetry(orderNo + "-evt", orderNo));
		}
		this.kafka.send(records);

		// when each instance is asked for each order (the group may still settle: ask until every answer is complete)
		String self1 = "127.0.0.1:" + port1;
		String self2 = "127.0.0.1:" + port2;
		// (not listening yet is "ask again" too)
		await().atMost(Duration.ofMinutes(4))
			.pollInterval(Duration.ofSeconds(1))
			.ignoreExceptionsInstanceOf(java.net.ConnectException.class)
			.untilAsserted(() -> {
			List<String> servedBy1 = new ArrayList<>();
			for (String orderNo : orders) {
				JsonNode fromFirst = timeline(port1, orderNo);
				JsonNode fromSecond = timeline(port2, orderNo);
				// then both tell the same story, in order, from the same store
				for (JsonNode view : List.of(fromFirst, fromSecond)) {
					assertThat(view.get("orderNo").asString()).isEqualTo(orderNo);
					assertThat(view.get("steps")).hasSize(2);
					assertThat(view.get("steps").get(0).get("step").asString()).isEqualTo("CALLBACK");
					assertThat(view.get("steps").get(0).get("service").asString()).isEqualTo("producer-gateway");
					assertThat(view.get("steps").get(1).get("step").asString()).isEqualTo("RETRY_HELD");
					assertThat(view.get("steps").get(1).get("decision").asString()).isEqualTo("HELD");
					assertThat(view.get("steps").get(1).get("detail").get("reason").asString())
						.isEqualTo("INSUFFICIENT_BALANCE");
					assertThat(view.get("now").get("state").asString()).isEqualTo("RETRY_WAITING");
					assertThat(view.get("traceIds").get(0).asString()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
				}
				assertThat(fromSecond.get("servedBy").asString()).isEqualTo(fromFirst.get("servedBy").asString());
				servedBy1.add(fromFirst.get("servedBy").asString());
			}
			// and the timelines are really split: each instance keeps some, so each answered some by asking the other
			assertThat(servedBy1).contains(self1, self2);
		});

		// and an instance asked only for its own store (what the instances ask each other) refuses an order it does
		// not keep, rather than asking further
		String keptBySecond = null;
		for (String orderNo : orders) {
			if (timeline(port1, orderNo).get("servedBy").asString().equals(self2)) {
				keptBySecond = orderNo;
			}
		}
		HttpResponse<String> notHere = this.handlers.get(port1,
				"/api/v1/timeline?scope=local&orderNo=" + URLEncoder.encode(keptBySecond, StandardCharsets.UTF_8));
		assertThat(notHere.statusCode()).isEqualTo(503);
		assertThat(notHere.headers().firstValue("Retry-After")).isPresent();

		// and an order nobody reported is a 404 problem from either instance, wherever it would be kept
		for (int port : new int[] { port1, port2 }) {
			HttpResponse<String> unknown = this.handlers.get(port, "/api/v1/timeline/PT-" + batch + "-nobody");
			assertThat(unknown.statusCode()).isEqualTo(404);
			assertThat(unknown.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(this.json.readTree(unknown.body()).get("orderNo").asString()).isEqualTo("PT-" + batch + "-nobody");
		}
	}

	/**
	 * The order's timeline as the instance answers it: by path, URL-encoded; an orderNo with a character the path
	 * refuses (Spring Security's firewall rejects an encoded {@code %}, {@code /} or {@code ;} in a path) by the query
	 * form.
	 */
	private JsonNode timeline(int port, String orderNo) throws Exception {
		String encoded = URLEncoder.encode(orderNo, StandardCharsets.UTF_8);
		String path = orderNo.matches(".*[%/;\\\\].*") ? "/api/v1/timeline?orderNo=" + encoded
				: "/api/v1/timeline/" + encoded.replace("+", "%20");
		HttpResponse<String> response = this.handlers.get(port, path);
		assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(200);
		return this.json.readTree(response.body());
	}

}
