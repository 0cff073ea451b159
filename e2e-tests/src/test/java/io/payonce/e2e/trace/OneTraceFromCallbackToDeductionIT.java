package io.payonce.e2e.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.contract.TraceContext;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.PaymentFixture.SeededPayment;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackSignature;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17, "one trace from callback to deduction", black box: the platform calls the gateway inside its trace
 * (W3C {@code traceparent}); the same trace id is on the gateway's log line for that callback, on the
 * {@code pay.success} record's header, on the consumer's log line for that delivery and on what the consumer
 * published for it ({@code pay.deducted}, or a retry record), and on every step of the order's timeline
 * ({@code GET /api/v1/timeline}: the callback, the relayed record, the delivery, the deduction). The services run as
 * their exec jars on the local stack, the test reads their log files, the topics and the ops API.
 */
class OneTraceFromCallbackToDeductionIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(90);

	private static Pipeline pipeline;

	private static TradeLedger ledger;

	private static TopicRecords topics;

	private static ServiceProcess dltHandler;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@BeforeAll
	static void startPipeline() {
		pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
		ledger = pipeline.ledger();
		// the console's timeline; an audit trail of its own (no other test's replays)
		dltHandler = pipeline.launch("dlt-handler",
				Map.of("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.trace.audit." + UUID.randomUUID()));
		topics = new TopicRecords(pipeline.stack().kafka().bootstrapServers(), Topic.PAY_SUCCESS, Topic.PAY_DEDUCTED,
				Topic.PAY_SUCCESS_RETRY);
	}

	@AfterAll
	static void stopPipeline() {
		if (topics != null) {
			topics.close();
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	void oneTraceIdFromTheCallbackToTheDeduction() {
		// given a payable order, and the platform's trace
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(),
				new BigDecimal("100.00"));
		String traceId = randomHex(16);
		String platformSpanId = randomHex(8);

		// when the platform calls inside that trace
		HttpResponse<String> answer = post(payment.callback(), "00-" + traceId + "-" + platformSpanId + "-01");

		// then the payment is accepted and deducted
		assertThat(answer.statusCode()).as("answer %s", answer.body()).isEqualTo(200);
		await().atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(ledger.orderStatus(payment.orderNo())).contains("PAID"));

		// and the gateway's log line for the callback names the trace, with the gateway's own span
		String gatewayLine = awaitLine("producer-gateway", "Accepted payment " + payment.callback().payNo());
		assertThat(gatewayLine).contains("traceId=" + traceId);
		String gatewaySpanId = spanIdOf(gatewayLine);
		assertThat(gatewaySpanId).isNotEqualTo(platformSpanId);

		// and the record on pay.success carries it, as the gateway's span
		ConsumerRecord<String, byte[]> relayed = awaitRecord(Topic.PAY_SUCCESS, payment.orderNo());
		TraceContext relayedTrace = traceOf(relayed);
		assertThat(relayedTrace.traceId()).isEqualTo(traceId);
		assertThat(relayedTrace.spanId()).isEqualTo(gatewaySpanId);

		// and the consumer's line for that delivery names the trace, with a span of its own (a child)
		String consumerLine = awaitLine("deduct-consumer", "FIRST orderNo=" + payment.orderNo() + ":");
		assertThat(consumerLine).contains("traceId=" + traceId);
		String deliverySpanId = spanIdOf(consumerLine);
		assertThat(deliverySpanId).isNotIn(gatewaySpanId, platformSpanId);

		// and pay.deducted continues from that delivery's span
		TraceContext deducted = traceOf(awaitRecord(Topic.PAY_DEDUCTED, payment.orderNo()));
		assertThat(deducted.traceId()).isEqualTo(traceId);
		assertThat(deducted.spanId()).isEqualTo(deliverySpanId);

		// and the order's timeline shows that trace id, on the callback, the relayed record, the delivery and the
		// deduction: the operator starts from one id
		JsonNode timeline = await().atMost(TIMEOUT).ignoreExceptions().until(() -> timeline(payment.orderNo()),
				(view) -> stepsOf(view).containsAll(List.of("CALLBACK", "RELAYED", "DELIVERY", "DEDUCTED")));
		List<String> traceIds = new ArrayList<>();
		timeline.get("traceIds").forEach((id) -> traceIds.add(id.asString()));
		assertThat(traceIds).containsExactly(traceId);
		for (JsonNode step : timeline.get("steps")) {
			assertThat(step.get("traceId").asString()).as("trace id of %s", step).isEqualTo(traceId);
		}
	}

	@Test
	void aPaymentSentToTheRetryLadderKeepsItsTrace() {
		// given an order whose account cannot pay it yet
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(),
				new BigDecimal("1.00"));
		String traceId = randomHex(16);

		// when
		HttpResponse<String> answer = post(payment.callback(), "00-" + traceId + "-" + randomHex(8) + "-01");

		// then the retry record continues the trace from the delivery that failed
		assertThat(answer.statusCode()).as("answer %s", answer.body()).isEqualTo(200);
		TraceContext retried = traceOf(awaitRecord(Topic.PAY_SUCCESS_RETRY, payment.orderNo()));
		assertThat(retried.traceId()).isEqualTo(traceId);
		String consumerLine = awaitLine("deduct-consumer", "skipped orderNo=" + payment.orderNo() + ": balance");
		assertThat(consumerLine).contains("traceId=" + traceId);
		assertThat(retried.spanId()).isEqualTo(spanIdOf(consumerLine));
		// and the line of its routing names the same delivery
		String routedLine = awaitLine("deduct-consumer", "routed key=" + payment.orderNo() + " to pay.success.retry");
		assertThat(routedLine).contains("traceId=" + traceId, "spanId=" + retried.spanId());
	}

	@Test
	void aMalformedTraceparentIsAcceptedAndTheDeductionGetsATraceOfItsOwn() {
		// given
		SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, PaymentFixture.aCallback(),
				new BigDecimal("100.00"));

		// when the platform sends a traceparent that breaks the W3C rules
		HttpResponse<String> answer = post(payment.callback(), "00-not-a-trace-01");

		// then nothing is refused, and the whole way is still one trace
		assertThat(answer.statusCode()).as("answer %s", answer.body()).isEqualTo(200);
		TraceContext relayed = traceOf(awaitRecord(Topic.PAY_SUCCESS, payment.orderNo()));
		assertThat(relayed.isPresent()).isTrue();
		String consumerLine = awaitLine("deduct-consumer", "FIRST orderNo=" + payment.orderNo() + ":");
		assertThat(consumerLine).contains("traceId=" + relayed.traceId());
	}

	private HttpResponse<String> post(PayCallback callback, String traceparent) {
		byte[] body = callback.json().getBytes(StandardCharsets.UTF_8);
		HttpRequest request = HttpRequest
			.newBuilder(URI.create(pipeline.service("producer-gateway").baseUrl() + "/api/v1/callbacks/pay"))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			.header(CallbackSignature.HEADER,
					CallbackSignature.header(CallbackSignature.LOCAL_SECRET, Instant.now().getEpochSecond(), body))
			.header(PayonceHeaders.TRACEPARENT, traceparent)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static JsonNode timeline(String orderNo) throws IOException, InterruptedException {
		String viewer = "Basic "
				+ Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI.create(dltHandler.baseUrl() + "/api/v1/timeline?orderNo="
						+ URLEncoder.encode(orderNo, StandardCharsets.UTF_8)))
				.header("Authorization", viewer)
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("timeline: %s", response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	private static List<String> stepsOf(JsonNode timeline) {
		List<String> steps = new ArrayList<>();
		timeline.get("steps").forEach((step) -> steps.add(step.get("step").asString()));
		return steps;
	}

	private static ConsumerRecord<String, byte[]> awaitRecord(Topic topic, String orderNo) {
		return await().atMost(TIMEOUT)
			.until(() -> topics.all()
				.stream()
				.filter((record) -> record.topic().equals(topic.topicName()) && orderNo.equals(record.key()))
				.findFirst(), java.util.Optional::isPresent)
			.orElseThrow();
	}

	private static TraceContext traceOf(ConsumerRecord<String, byte[]> record) {
		String traceparent = TopicRecords.header(record, PayonceHeaders.TRACEPARENT);
		assertThat(TraceContext.isValidTraceparent(traceparent))
			.as("traceparent %s on %s", traceparent, record.topic())
			.isTrue();
		return TraceContext.of(traceparent, TopicRecords.header(record, PayonceHeaders.TRACESTATE));
	}

	/** The first line of the service's log containing {@code text}, once it is there. */
	private static String awaitLine(String service, String text) {
		ServiceProcess node = pipeline.service(service);
		return await().atMost(TIMEOUT).until(() -> {
			try (var lines = Files.lines(node.logFile(), StandardCharsets.UTF_8)) {
				return lines.filter((line) -> line.contains(text)).findFirst();
			}
		}, java.util.Optional::isPresent).orElseThrow();
	}

	private static String spanIdOf(String line) {
		int at = line.indexOf("spanId=");
		assertThat(at).as("spanId in %s", line).isNotNegative();
		String spanId = line.substring(at + "spanId=".length(), at + "spanId=".length() + 16);
		assertThat(spanId).as("span id in %s", line).matches("[0-9a-f]{16}");
		return spanId;
	}

	private static String randomHex(int bytes) {
		byte[] random = new byte[bytes];
		ThreadLocalRandom.current().nextBytes(random);
		random[0] |= 1; // never all zeros
		return HexFormat.of().formatHex(random);
	}

}
