package io.payonce.dlt.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.dlt.alert.AlertLevel;
import io.payonce.dlt.alert.infra.BacklogMonitor;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalStatus;
import io.payonce.infra.LocalStack;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The handler against the real broker of the local stack, with a shortened ladder (2 s, 2 s; two retries, so
 * attempt 3 is the last) and an alert after 0 s. A small HTTP server stands in for the alert webhook.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The handler must not outlive this class: a second handler consuming pay.success.retry would release the
// records of the other ITs (KillNineKeepsPendingRetriesIT counts releases).
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ActiveProfiles("local")
class DltHandlerIT {

	private static final Duration BACKOFF = Duration.ofSeconds(2);

	private static final List<String> webhookCalls = new CopyOnWriteArrayList<>();

	private static final HttpServer webhook = startWebhook();

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private TerminalIndex index;

	@Autowired
	private BacklogMonitor monitor;

	private final KafkaTestClient kafka = new KafkaTestClient(LocalStack.shared().kafka().bootstrapServers());

	private final HttpClient http = HttpClient.newHttpClient();

	@DynamicPropertySource
	static void pointAtTheLocalStack(DynamicPropertyRegistry registry) throws IOException {
		Path dir = Files.createTempDirectory("dlt-handler-it-");
		registry.add("spring.kafka.bootstrap-servers", () -> LocalStack.shared().kafka().bootstrapServers());
		registry.add("payonce.dlt.streams.application-id", () -> "dlt-handler-it-" + UUID.randomUUID());
		registry.add("payonce.dlt.streams.state-dir", () -> dir.resolve("streams").toString());
		registry.add("payonce.dlt.console.audit-topic", () -> "dlt-handler-it-audit-" + UUID.randomUUID());
		registry.add("payonce.dlt.retry.tiers", () -> BACKOFF.toMillis() + "ms");
		registry.add("payonce.dlt.retry.max-retries", () -> "2");
		registry.add("payonce.dlt.retry.punctuate-interval", () -> "200ms");
		registry.add("payonce.dlt.alert.warning-for", () -> "0s");
		registry.add("payonce.dlt.alert.evaluate-every", () -> "200ms");
		registry.add("payonce.dlt.alert.webhook-url",
				() -> "http://127.0.0.1:" + webhook.getAddress().getPort() + "/alerts");
	}

	@AfterAll
	static void stopWebhook() {
		webhook.stop(0);
	}

	@Test
	void aRetryRecordComesBackOnPaySuccessAfterItsBackoffAsTheNextAttempt() throws Exception {
		// given the consumer failed attempt 1 of an order
		String eventId = UUID.randomUUID().toString();
		String orderNo = "IT-R-" + eventId.substring(0, 8);
		Instant sentAt = Instant.now();
		this.kafka.send(Topic.PAY_SUCCESS_RETRY.topicName(), orderNo, payload(orderNo), failureHeaders(eventId, 1));

		// then it comes back on pay.success, once, as attempt 2, with the same key, value and event id
		List<ConsumerRecord<String, byte[]>> released = await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> this.kafka.readAll(Topic.PAY_SUCCESS.topicName(),
					r -> eventId.equals(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID))), list -> !list.isEmpty());
		assertThat(released).hasSize(1);
		ConsumerRecord<String, byte[]> record = released.get(0);
		assertThat(record.key()).isEqualTo(orderNo);
		assertThat(record.value()).isEqualTo(payload(orderNo));
		assertThat(KafkaTestClient.header(record, PayonceHeaders.ATTEMPT)).isEqualTo("2");
		assertThat(KafkaTestClient.header(record, PayonceHeaders.EVENT_TYPE)).isEqualTo("PaySuccess");
		assertThat(KafkaTestClient.header(record, PayonceHeaders.FAILURE_HISTORY)).contains("INSUFFICIENT_BALANCE");
		// and not before its backoff (the record timestamp is the release time)
		assertThat(Instant.ofEpochMilli(record.timestamp())).isAfterOrEqualTo(sentAt.plus(BACKOFF).minusMillis(50));
	}

	@Test
	void anExhaustedRecordLandsInTerminalAndRaisesAnAlert() throws Exception {
		// given no open terminal record and no alert
		for (var open : this.index.list(new io.payonce.dlt.terminal.TerminalFilter(null, null, null, null,
				TerminalStatus.OPEN))) {
			post("/api/v1/terminal/" + open.eventId() + "/resolve", "{\"note\":\"cleared by the IT\"}");
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> this.monitor.level() == AlertLevel.NONE);
		webhookCalls.clear();

		// when the last attempt (3) of an order fails
		String eventId = UUID.randomUUID().toString();
		String orderNo = "IT-T-" + eventId.substring(0, 8);
		this.kafka.send(Topic.PAY_SUCCESS_RETRY.topicName(), orderNo, payload(orderNo), failureHeaders(eventId, 3));

		// then it lands in the terminal topic with reason RETRIES_EXHAUSTED
		List<ConsumerRecord<String, byte[]>> terminal = await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> this.kafka.readAll(Topic.PAY_SUCCESS_TERMINAL.topicName(),
					r -> eventId.equals(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID))), list -> !list.isEmpty());
		assertThat(terminal).hasSize(1);
		assertThat(KafkaTestClient.header(terminal.get(0), PayonceHeaders.REASON))
			.isEqualTo(FailureReason.RETRIES_EXHAUSTED.name());
		// and the console lists it
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(get("/api/v1/terminal?orderNo=" + orderNo))
			.contains(eventId));
		// and the webhook received a WARNING for a backlog of one
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(webhookCalls).anySatisfy(
					body -> assertThat(body).contains("\"level\":\"WARNING\"").contains("\"backlog\":1")));
		assertThat(get(this.managementPort, "/actuator/prometheus")).contains("payonce_dlt_terminal_backlog 1.0");
	}

	@Test
	void replayThroughTheApiPublishesOneRecordWithTheSameEventId() throws Exception {
		// given a terminal record written by the consumer (not retryable)
		String eventId = UUID.randomUUID().toString();
		String orderNo = "IT-P-" + eventId.substring(0, 8);
		Map<String, String> headers = failureHeaders(eventId, 1);
		headers.put(PayonceHeaders.REASON, FailureReason.CONFLICT.name());
		this.kafka.send(Topic.PAY_SUCCESS_TERMINAL.topicName(), orderNo, payload(orderNo), headers);
		await().atMost(Duration.ofSeconds(30)).until(() -> this.index.find(eventId).isPresent());

		// when an admin replays it through the API
		HttpResponse<String> response = post("/api/v1/terminal/" + eventId + "/replay", "{\"dryRun\":false}");

		// then exactly one record with the same key, value and event id is on pay.success, attempt 1
		assertThat(response.statusCode()).isEqualTo(200);
		List<ConsumerRecord<String, byte[]>> replayed = this.kafka.readAll(Topic.PAY_SUCCESS.topicName(),
				r -> eventId.equals(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID)));
		assertThat(replayed).hasSize(1);
		ConsumerRecord<String, byte[]> record = replayed.get(0);
		assertThat(record.key()).isEqualTo(orderNo);
		assertThat(record.value()).isEqualTo(payload(orderNo));
		assertThat(KafkaTestClient.header(record, PayonceHeaders.ATTEMPT)).isEqualTo("1");
		assertThat(response.body()).contains(KafkaTestClient.header(record, PayonceHeaders.REPLAY_ID));
		assertThat(this.index.find(eventId).orElseThrow().status()).isEqualTo(TerminalStatus.REPLAYED);
		// and the audit trail names who did it
		assertThat(get("/api/v1/audit")).contains("\"actor\":\"admin\"").contains(eventId);
	}

	@Test
	void aDuplicatePaymentIsListedOnceAndItsRefundIsRecordedOnceInTheCompactedDecisionsTopic() throws Exception {
		// given a DuplicatePayment on pay.refund-required, delivered twice, and the same payNo from the ledger
		String payNo = "IT-D-" + UUID.randomUUID().toString().substring(0, 8);
		String orderNo = "IT-O-" + payNo.substring(5);
		String eventId = UUID.randomUUID().toString();
		Map<String, String> headers = Map.of(PayonceHeaders.EVENT_ID, eventId, PayonceHeaders.EVENT_TYPE,
				"DuplicatePayment");
		this.kafka.send(List.of(
				new KafkaTestClient.Outgoing(Topic.PAY_REFUND_REQUIRED.topicName(), orderNo,
						duplicatePayment(payNo, orderNo, "GATEWAY"), headers),
				new KafkaTestClient.Outgoing(Topic.PAY_REFUND_REQUIRED.topicName(), orderNo,
						duplicatePayment(payNo, orderNo, "GATEWAY"), headers),
				new KafkaTestClient.Outgoing(Topic.PAY_REFUND_REQUIRED.topicName(), orderNo,
						duplicatePayment(payNo, orderNo, "LEDGER"),
						Map.of(PayonceHeaders.EVENT_ID, UUID.randomUUID().toString(), PayonceHeaders.EVENT_TYPE,
								"DuplicatePayment"))));

		// then the console lists it once, OPEN, as the gateway detected it
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				get("/api/v1/duplicate-payments?orderNo=" + orderNo))
			.contains("\"payNo\":\"" + payNo + "\"", "\"state\":\"OPEN\"", "\"detectedBy\":\"GATEWAY\"",
					"\"firstPayNo\":\"PN-FIRST\"", "\"eventId\":\"" + eventId + "\""));
		assertThat(get("/api/v1/duplicate-payments?orderNo=" + orderNo).split("\"payNo\"", -1)).hasSize(2);
		assertThat(get(this.managementPort, "/actuator/prometheus")).containsPattern("(?m)^payonce_dlt_duplicate_payments_open [1-9]");

		// when an admin records the refund, twice
		HttpResponse<String> refunded = post("/api/v1/duplicate-payments/" + payNo + "/refunded",
				"{\"note\":\"refund R-" + payNo + " at the platform\"}");
		HttpResponse<String> again = post("/api/v1/duplicate-payments/" + payNo + "/refunded", "{\"note\":\"again\"}");

		// then it is REFUNDED, one change, audited with who and the note
		assertThat(refunded.statusCode()).isEqualTo(200);
		assertThat(refunded.body()).contains("\"changed\":true", "\"state\":\"REFUNDED\"", "\"refundedBy\":\"admin\"");
		assertThat(again.body()).contains("\"changed\":false", "refund R-" + payNo);
		assertThat(get("/api/v1/audit")).contains("\"action\":\"MARK_REFUNDED\"", "refund R-" + payNo);
		// and the decisions topic, compacted, holds that one decision: what a restart or another instance reads
		List<ConsumerRecord<String, byte[]>> decisions = this.kafka.readAll("payonce.dlt.refund-decisions",
				(r) -> payNo.equals(r.key()));
		assertThat(decisions).singleElement()
			.satisfies((r) -> assertThat(new String(r.value(), StandardCharsets.UTF_8))
				.contains("\"state\":\"REFUNDED\"", "\"by\":\"admin\"", "refund R-" + payNo));
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
				LocalStack.shared().kafka().bootstrapServers()))) {
			ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "payonce.dlt.refund-decisions");
			assertThat(admin.describeConfigs(List.of(topic)).all().get().get(topic).get("cleanup.policy").value())
				.isEqualTo("compact");
		}
	}

	private static byte[] duplicatePayment(String payNo, String orderNo, String detectedBy) {
		return ("{\"payNo\":\"" + payNo + "\",\"orderNo\":\"" + orderNo + "\",\"userId\":10086,\"amount\":\"199.00\","
				+ "\"currency\":\"CNY\",\"paidAt\":\"2026-09-28T02:03:40Z\",\"firstPayNo\":\"PN-FIRST\","
				+ "\"detectedBy\":\"" + detectedBy + "\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	@Test
	void actuatorAnswersOnlyOnTheManagementPort() throws Exception {
		// the console's port: no actuator, whatever the credentials
		assertThat(status(this.port, "/actuator/health", null)).isEqualTo(404);
		assertThat(status(this.port, "/actuator/prometheus", null)).isEqualTo(404);
		assertThat(status(this.port, "/actuator/metrics", basic("viewer", "viewer-local"))).isEqualTo(404);
		// the management port: probes and the scrape for anyone who reaches it, the rest for ops users
		assertThat(status(this.managementPort, "/actuator/health/readiness", null)).isEqualTo(200);
		assertThat(status(this.managementPort, "/actuator/prometheus", null)).isEqualTo(200);
		assertThat(status(this.managementPort, "/actuator/metrics", null)).isEqualTo(401);
		assertThat(status(this.managementPort, "/actuator/metrics", basic("viewer", "viewer-local"))).isEqualTo(200);
		// health components (Kafka Streams state, its errors) only to an authenticated caller
		assertThat(get(this.managementPort, "/actuator/health")).contains("\"components\"");
		HttpRequest anonymous = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort
				+ "/actuator/health")).GET().build();
		assertThat(this.http.send(anonymous, HttpResponse.BodyHandlers.ofString()).body()).doesNotContain("components");
	}

	private int status(int port, String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	private String get(String path) throws Exception {
		return get(this.port, path);
	}

	private String get(int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.header("Authorization", basic("viewer", "viewer-local"))
			.GET()
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString()).body();
	}

	private HttpResponse<String> post(String path, String json) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", basic("admin", "admin-local"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	private static byte[] payload(String orderNo) {
		return ("{\"payNo\":\"PN-" + orderNo + "\",\"orderNo\":\"" + orderNo
				+ "\",\"userId\":10086,\"amount\":\"199.00\",\"currency\":\"CNY\",\"paidAt\":\"2026-09-28T02:00:12Z\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	private static Map<String, String> failureHeaders(String eventId, int attempt) {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put(PayonceHeaders.EVENT_ID, eventId);
		headers.put(PayonceHeaders.EVENT_TYPE, "PaySuccess");
		headers.put(PayonceHeaders.ATTEMPT, Integer.toString(attempt));
		headers.put(PayonceHeaders.REASON, FailureReason.INSUFFICIENT_BALANCE.name());
		headers.put(PayonceHeaders.ERROR_CLASS, "io.payonce.consumer.InsufficientBalanceException");
		headers.put(PayonceHeaders.ERROR_MESSAGE, "balance 10.00 < 199.00");
		headers.put(PayonceHeaders.FIRST_FAILURE_AT, Instant.now().toString());
		headers.put(PayonceHeaders.ORIGIN_TOPIC, Topic.PAY_SUCCESS.topicName());
		headers.put(PayonceHeaders.ORIGIN_PARTITION, "0");
		headers.put(PayonceHeaders.ORIGIN_OFFSET, "0");
		return headers;
	}

	private static HttpServer startWebhook() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/alerts", exchange -> {
				webhookCalls.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
				exchange.sendResponseHeaders(204, -1);
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start the webhook stand-in", ex);
		}
	}

}
