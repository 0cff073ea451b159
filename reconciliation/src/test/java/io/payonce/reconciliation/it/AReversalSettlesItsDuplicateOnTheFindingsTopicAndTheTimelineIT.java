package io.payonce.reconciliation.it;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.reconciliation.continuous.FindingKind;
import io.payonce.reconciliation.finding.OpenFindings;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The whole lifecycle of a DUPLICATE on the real stack: raised from pay.deducted, open in the gauges' fold of the
 * findings topic, settled by an admin's reversal through the API (a settlement record on the findings topic, which
 * is the only source of a {@code settledAt}), and told to the ops timeline (pay.timeline) as FINDING OPEN, REVERSAL
 * and FINDING SETTLED.
 */
class AReversalSettlesItsDuplicateOnTheFindingsTopicAndTheTimelineIT extends ReconciliationITSupport {

	@Autowired
	OpenFindings openFindings;

	@Test
	void reversingTheExtraDeductionSettlesTheDuplicateAndTheTimelineTellsBoth() throws Exception {
		// given a user charged twice for one order: two flows in the ledger, both deductions on pay.deducted
		Instant now = Instant.now();
		long user = seedUser("602.00");
		String orderNo = "IT-REV-" + user;
		seedOrder(orderNo, user, "199.00", "PAID", now);
		long first = seedFlow(user, "-199.00", orderNo, "PAY_DEDUCT", now);
		long extra = seedFlow(user, "-199.00", orderNo, "LEGACY_DEDUCT", now.plusSeconds(17));
		try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
				Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
						ProducerConfig.ACKS_CONFIG, "all"),
				new StringSerializer(), new ByteArraySerializer())) {
			publish(producer, new PaySuccess("PN-" + orderNo, orderNo, user, new BigDecimal("199.00"), "CNY", now));
			publish(producer, deduction(orderNo, user, first));
			publish(producer, deduction(orderNo, user, extra));
		}
		await().atMost(Duration.ofSeconds(90))
			.untilAsserted(() -> assertThat(this.openFindings.orderNos(FindingKind.DUPLICATE)).contains(orderNo));

		// when an admin reverses the extra flow
		assertThat(post("/api/v1/reversals", "{\"flowId\":" + extra + ",\"reason\":\"INC-17 double charge\"}", "admin",
				"admin-local")
			.statusCode()).isEqualTo(201);

		// then the settlement is on the findings topic: the fold of every replica no longer counts it open, and the
		// findings API shows it SETTLED with when (a settledAt comes only from a settlement record)
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(this.openFindings.orderNos(FindingKind.DUPLICATE)).doesNotContain(orderNo));
		assertThat(get("/api/v1/findings?kind=DUPLICATE&status=SETTLED&limit=1000", "viewer", "viewer-local").body())
			.containsPattern("\"findingId\":\"DUPLICATE:" + orderNo + ":" + extra + "\"[^}]*\"status\":\"SETTLED\""
					+ "[^}]*\"settledAt\":\"[^\"]+\"");

		// and the timeline holds the finding raised, the reversal (who, which flow, how much) and the settlement
		List<TimelineFact> facts = timelineOf(orderNo, 3);
		assertThat(facts).extracting(TimelineFact::step, TimelineFact::decision)
			.containsExactlyInAnyOrder(tuple(TimelineFact.Step.FINDING, "OPEN"),
					tuple(TimelineFact.Step.REVERSAL, "REVERSED"), tuple(TimelineFact.Step.FINDING, "SETTLED"));
		assertThat(facts).allSatisfy((fact) -> assertThat(fact.service()).isEqualTo("reconciliation"));
		assertThat(facts).filteredOn((fact) -> fact.step() == TimelineFact.Step.REVERSAL)
			.singleElement()
			.satisfies((reversal) -> assertThat(reversal.detail()).containsEntry("operator", "admin")
				.containsEntry("reversedFlowId", Long.toString(extra))
				.containsEntry("amount", "199.00"));
		assertThat(facts).filteredOn((fact) -> "SETTLED".equals(fact.decision()))
			.singleElement()
			.satisfies((settled) -> assertThat(settled.detail())
				.containsEntry("findingId", "DUPLICATE:" + orderNo + ":" + extra)
				.hasEntrySatisfying("settledBy", (by) -> assertThat(by).contains("of flow " + extra)));

		// when the reversal is asked for again (how a notice lost after the commit is repaired)
		assertThat(post("/api/v1/reversals", "{\"flowId\":" + extra + ",\"reason\":\"re-announce\"}", "admin",
				"admin-local")
			.statusCode()).isEqualTo(200);

		// then the standing reversal is announced again as it was booked: same time, operator and flow, read from
		// its audit row (that a repeated notice settles nothing twice is ReconcilerTest's)
		TimelineFact booked = facts.stream()
			.filter((fact) -> fact.step() == TimelineFact.Step.REVERSAL)
			.findFirst()
			.orElseThrow();
		assertThat(timelineOf(orderNo, 4)).filteredOn((fact) -> fact.step() == TimelineFact.Step.REVERSAL)
			.hasSize(2)
			.extracting(TimelineFact::at, (fact) -> fact.detail().get("operator"),
					(fact) -> fact.detail().get("reversalFlowId"))
			.containsOnly(tuple(booked.at(), "admin", booked.detail().get("reversalFlowId")));
	}

	private static PayDeducted deduction(String orderNo, long user, long flowId) {
		return new PayDeducted(orderNo, "PN-" + orderNo, user, new BigDecimal("199.00"), "CNY", flowId, Instant.now());
	}

	private static void publish(KafkaProducer<String, byte[]> producer, PayonceEvent event) throws Exception {
		producer.send(EventRecords.of(UUID.randomUUID().toString(), event)).get();
	}

	/** The order's facts on pay.timeline, once at least {@code expected} of them are there. */
	private static List<TimelineFact> timelineOf(String orderNo, int expected) {
		List<TimelineFact> facts = new ArrayList<>();
		try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
				ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
				ConsumerConfig.GROUP_ID_CONFIG, "timeline-reader-" + UUID.randomUUID(),
				ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(),
				new ByteArrayDeserializer())) {
			consumer.subscribe(List.of(Topic.PAY_TIMELINE.topicName()));
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
					if (orderNo.equals(record.key())) {
						facts.add(TimelineFactCodec.decode(record.value()));
					}
				}
				return facts.size() >= expected;
			});
		}
		return facts;
	}

}
