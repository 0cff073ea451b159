package io.payonce.e2e.console;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.contract.Topic;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17, "what must show": one payment through a duplicate callback, a low balance (retry, the ladder, terminal),
 * a replay after a top-up and its deduction, then a Redis-layer duplicate; its timeline lists each step in order with
 * the service that did it and its decision, and either of two dlt-handler instances answers it (the one that does not
 * keep the order asks the other). Black box: gateway, relay, consumer and two handlers as processes on the local
 * stack.
 */
class OnePaymentsStoryIsOnItsTimelineIT {

	private static final BigDecimal TOO_POOR = new BigDecimal("10.00");

	private static final BigDecimal TOPPED_UP = new BigDecimal("100.00");

	private static final Duration STEP_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration START_TIMEOUT = Duration.ofMinutes(4);

	private static Pipeline pipeline;

	private static TradeLedger ledger;

	private static DltHandlerInstance a;

	private static DltHandlerInstance b;

	@BeforeAll
	static void startPipelineAndTwoHandlers() throws Exception {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		String run = UUID.randomUUID().toString().substring(0, 8);
		Path dataDir = stack.dataDir().resolve("timeline-story-" + run);
		Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment("dlt-handler"));
		// one retry 2 s after the first failure; attempt 2 is the last
		env.put("PAYONCE_DLT_RETRY_TIERS", "2s");
		env.put("PAYONCE_DLT_RETRY_MAX_RETRIES", "1");
		env.put("PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms");
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.timeline-story.audit." + run);
		a = DltHandlerInstance.start("timeline-a", withStateDir(env, dataDir, "a"), List.of(), dataDir);
		b = DltHandlerInstance.start("timeline-b", withStateDir(env, dataDir, "b"), List.of(), dataDir);
		a.awaitHealthy(START_TIMEOUT);
		b.awaitHealthy(START_TIMEOUT);
	}

	@AfterAll
	static void stopEverything() throws Exception {
		for (DltHandlerInstance handler : new DltHandlerInstance[] { a, b }) {
			if (handler != null) {
				handler.close();
			}
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void aPaymentsWholeStoryIsListedInOrderByEitherInstance() throws Exception {
		ConsoleApi consoleA = new ConsoleApi(a.baseUrl());
		ConsoleApi consoleB = new ConsoleApi(b.baseUrl());
		// given an INIT order of 25.00 on an account of 10.00
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(), TOO_POOR);
		String orderNo = payment.orderNo();

		// when the platform reports it paid, twice
		CallbackResponse first = pipeline.callbacks().send(payment.callback());
		CallbackResponse again = pipeline.callbacks().send(payment.callback());
		assertThat(first.status()).as("first callback %s", first).isEqualTo(200);
		assertThat(again.status()).as("second callback %s", again).isEqualTo(200);

		// and both deliveries fail for the balance, the second one the last: terminal
		String eventId = await().atMost(STEP_TIMEOUT)
			.pollInterval(Duration.ofMillis(500))
			.ignoreExceptions()
			.until(() -> (String) consoleA.terminalRecords(orderNo).get(0).get("eventId"), (id) -> id != null);

		// and the user tops up, an operator replays it and it is deducted once
		ledger.openAccount(payment.userId(), TOPPED_UP, payment.callback().currency());
		HttpResponse<String> replay = consoleA.replay(eventId);
		assertThat(replay.statusCode()).as("replay: %s", replay.body()).isEqualTo(200);
		await().atMost(STEP_TIMEOUT).untilAsserted(() -> assertThat(ledger.flows(orderNo)).hasSize(1));

		// and the relay's record is delivered once more (a broker redelivery): the Redis guard absorbs it
		redeliverTheRelayedRecord(orderNo);

		// then either instance lists each step in order, with the service that did it and its decision
		List<String> expected = List.of("CALLBACK producer-gateway ACCEPTED", "RELAYED outbox-relay PUBLISHED", "DELIVERY deduct-consumer RETRY", "RETRY_HELD dlt-handler HELD",
				"RETRY_RELEASED dlt-handler RELEASED", "DELIVERY deduct-consumer RETRY",
				"RETRY_HELD dlt-handler EXHAUSTED", "TERMINAL dlt-handler RETRIES_EXHAUSTED",
				"REPLAY dlt-handler REPLAYED", "REPLAY dlt-handler SENT", "DELIVERY deduct-consumer FIRST",
				"DEDUCTED deduct-consumer DEDUCTED", "DELIVERY deduct-consumer DUPLICATE");
		await().atMost(STEP_TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
			Map<String, Object> fromA = consoleA.timeline(orderNo);
			Map<String, Object> fromB = consoleB.timeline(orderNo);
			assertThat(steps(fromA)).as("timeline from A: %s", fromA).containsSubsequence(expected);
			// the second callback's answer (its place against the relay's record is a race of two services)
			assertThat(steps(fromA)).containsSubsequence("CALLBACK producer-gateway ACCEPTED",
					"CALLBACK producer-gateway DUPLICATE");
			assertThat(steps(fromB)).as("timeline from B").isEqualTo(steps(fromA));
			// the store that answered is the same one; the other instance asked it
			assertThat(fromB.get("servedBy")).isEqualTo(fromA.get("servedBy"));
			assertThat(fromA.get("servedBy")).isIn(advertised(a), advertised(b));
			// the redelivery was absorbed by the Redis layer, and the payment is deducted
			assertThat(lastDelivery(fromA)).containsEntry("guard", "redis");
			assertThat(((Map<?, ?>) fromA.get("now")).get("state")).isEqualTo("DEDUCTED");
		});
	}

	/** How the instances name each other ({@code advertised-host} defaults to localhost). */
	private static String advertised(DltHandlerInstance handler) {
		return handler.baseUrl().replace("http://127.0.0.1", "localhost");
	}

	private static Map<String, String> withStateDir(Map<String, String> env, Path dataDir, String name) {
		Map<String, String> own = new LinkedHashMap<>(env);
		own.put("PAYONCE_DLT_STREAMS_STATE_DIR", dataDir.resolve("streams-" + name).toString());
		return own;
	}

	/** "STEP service DECISION" of each step, in the timeline's order. */
	@SuppressWarnings("unchecked")
	private static List<String> steps(Map<String, Object> timeline) {
		List<String> steps = new ArrayList<>();
		for (Map<String, Object> step : (List<Map<String, Object>>) timeline.get("steps")) {
			steps.add(step.get("step") + " " + step.get("service") + " " + step.get("decision"));
		}
		return steps;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> lastDelivery(Map<String, Object> timeline) {
		Map<String, Object> last = null;
		for (Map<String, Object> step : (List<Map<String, Object>>) timeline.get("steps")) {
			if ("DELIVERY".equals(step.get("step"))) {
				last = (Map<String, Object>) step.get("detail");
			}
		}
		return last;
	}

	/** The relay's own record of the payment, sent again as it is: what a broker's redelivery looks like. */
	private static void redeliverTheRelayedRecord(String orderNo) throws Exception {
		String bootstrap = pipeline.stack().kafka().bootstrapServers();
		ConsumerRecord<String, byte[]> relayed;
		try (TopicRecords records = new TopicRecords(bootstrap, Topic.PAY_SUCCESS)) {
			relayed = records.all()
				.stream()
				.filter((record) -> orderNo.equals(record.key()))
				.filter((record) -> TopicRecords.header(record, "payonce-attempt") == null)
				.findFirst()
				.orElseThrow();
		}
		Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
				ProducerConfig.ACKS_CONFIG, "all");
		try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(),
				new ByteArraySerializer())) {
			ProducerRecord<String, byte[]> copy = new ProducerRecord<>(relayed.topic(), relayed.key(),
					relayed.value());
			relayed.headers().forEach((header) -> copy.headers().add(header));
			producer.send(copy).get();
		}
	}

}
