package io.payonce.reconciliation.it;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceEvent;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real Kafka: payments and deductions on the real topics, the topology in the running service, the alert
 * webhook a real HTTP endpoint. "Consumer paused past the window" is a payment whose deduction nobody writes.
 */
class SuppressedAndDuplicateDeductionsReachTheAlertSinkIT extends ReconciliationITSupport {

	private static KafkaProducer<String, byte[]> producer;

	@Autowired
	MeterRegistry meters;

	@BeforeAll
	static void producer() {
		producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
				ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
	}

	@AfterAll
	static void closeProducer() {
		producer.close();
	}

	@Test
	void paymentWithoutDeductionIsReportedMissing() throws Exception {
		// given a payment, published twice (a relay replay), whose deduction is suppressed
		String orderNo = "IT-MISSING-" + UUID.randomUUID();
		String eventId = UUID.randomUUID().toString();
		publish(eventId, payment(orderNo));
		publish(eventId, payment(orderNo));

		// when the 2 s window passes, then the alert sink gets exactly one MISSING
		await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertThat(webhook.kindsFor(orderNo)).contains("MISSING"));
		assertThat(webhook.kindsFor(orderNo)).containsExactly("MISSING");
		// and the finding is on the findings topic, and counted
		assertThat(findingsFor(orderNo)).anySatisfy(json -> assertThat(json).contains("\"kind\":\"MISSING\""));
		assertThat(this.meters.get("payonce.reconciliation.findings").tag("kind", "MISSING").counter().count())
			.isGreaterThanOrEqualTo(1.0);

		// and a viewer reads it over HTTP, OPEN, once, filtered by kind and status
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				get("/api/v1/findings?kind=MISSING&status=OPEN&limit=1000", "viewer", "viewer-local").body())
			.contains("\"orderNo\":\"" + orderNo + "\""));
		HttpResponse<String> open = get("/api/v1/findings?kind=MISSING&limit=1000", "viewer", "viewer-local");
		assertThat(open.body().split("\"orderNo\":\"" + orderNo + "\"", -1)).hasSize(2);
		assertThat(get("/api/v1/findings?kind=DUPLICATE&limit=1000", "viewer", "viewer-local").body())
			.doesNotContain(orderNo);

		// when the deduction is booked after all, then the same finding reads SETTLED
		this.trade.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (10086, -199.00, ?,"
				+ " 'PAY_DEDUCT')", orderNo);
		assertThat(get("/api/v1/findings?status=SETTLED&limit=1000", "viewer", "viewer-local").body())
			.contains("\"orderNo\":\"" + orderNo + "\"");
		assertThat(get("/api/v1/findings?status=OPEN&limit=1000", "viewer", "viewer-local").body())
			.doesNotContain(orderNo);
	}

	@Test
	void deductionThatComesPastTheWindowSettlesItsMissing() throws Exception {
		// given a payment reported MISSING (its deduction held back past the 2 s window)
		String orderNo = "IT-LATE-" + UUID.randomUUID();
		publish(UUID.randomUUID().toString(), payment(orderNo));
		await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertThat(webhook.kindsFor(orderNo)).contains("MISSING"));
		double settledBefore = this.meters.get("payonce.reconciliation.findings.settled").tag("kind", "MISSING")
			.counter().count();

		// when the deduction arrives at last (the ledger row is not written here: the settlement must come from
		// the findings topic, not from a look at the ledger)
		publish(UUID.randomUUID().toString(), deduction(orderNo, 8001));

		// then the alert sink is told it settled, once, and the counter of settled findings rose
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(webhook.textsFor(orderNo)).hasSize(2));
		assertThat(webhook.textsFor(orderNo).get(1)).contains("MISSING order " + orderNo + " settled")
			.contains("deduction flow 8001");
		assertThat(this.meters.get("payonce.reconciliation.findings.settled").tag("kind", "MISSING").counter().count())
			.isEqualTo(settledBefore + 1);
		// and a viewer reads the one finding SETTLED, with when and how late, and no longer OPEN
		String settled = get("/api/v1/findings?kind=MISSING&status=SETTLED&limit=1000", "viewer", "viewer-local").body();
		assertThat(settled.split("\"orderNo\":\"" + orderNo + "\"", -1)).hasSize(2);
		assertThat(settled).containsPattern("\"orderNo\":\"" + orderNo + "\"[^}]*\"settledAt\":\"[^\"]+\",\"lateBy\":");
		assertThat(get("/api/v1/findings?status=OPEN&limit=1000", "viewer", "viewer-local").body()).doesNotContain(orderNo);
	}

	@Test
	void theFindingsEndpointNamesABadParameter() throws Exception {
		for (String query : new String[] { "kind=LOST", "status=DONE", "from=yesterday", "limit=0" }) {
			HttpResponse<String> answer = get("/api/v1/findings?" + query, "viewer", "viewer-local");
			assertThat(answer.statusCode()).as(query).isEqualTo(400);
			assertThat(answer.body()).as(query).contains("\"field\":\"" + query.substring(0, query.indexOf('=')) + "\"");
		}
	}

	@Test
	void secondDeductionOfOneOrderIsReportedDuplicate() {
		// given a payment and its deduction, the deduction re-published by the relay (same flow)
		String orderNo = "IT-DUP-" + UUID.randomUUID();
		publish(UUID.randomUUID().toString(), payment(orderNo));
		String deductionEvent = UUID.randomUUID().toString();
		publish(deductionEvent, deduction(orderNo, 7001));
		publish(deductionEvent, deduction(orderNo, 7001));

		// when a second flow is deducted for the same order (a duplicate booked by hand or legacy code)
		publish(UUID.randomUUID().toString(), deduction(orderNo, 7002));

		// then the alert sink gets DUPLICATE, and never MISSING (the order was deducted)
		await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertThat(webhook.kindsFor(orderNo)).contains("DUPLICATE"));
		await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(webhook.kindsFor(orderNo)).containsExactly("DUPLICATE"));
	}

	private static PaySuccess payment(String orderNo) {
		return new PaySuccess("PN-" + orderNo, orderNo, 10086L, new BigDecimal("199.00"), "CNY", Instant.now());
	}

	private static PayDeducted deduction(String orderNo, long flowId) {
		return new PayDeducted(orderNo, "PN-" + orderNo, 10086L, new BigDecimal("199.00"), "CNY", flowId,
				Instant.now());
	}

	private static void publish(String eventId, PayonceEvent event) {
		try {
			producer.send(EventRecords.of(eventId, event)).get();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot publish " + event, ex);
		}
	}

	private static List<String> findingsFor(String orderNo) {
		List<String> found = new ArrayList<>();
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
				ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
				ConsumerConfig.GROUP_ID_CONFIG, "findings-reader-" + UUID.randomUUID(),
				ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
				ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new StringDeserializer(),
				new StringDeserializer())) {
			consumer.subscribe(List.of("payonce.reconciliation.findings"));
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
					if (orderNo.equals(record.key())) {
						found.add(record.value());
					}
				}
				return !found.isEmpty();
			});
		}
		return found;
	}

}
