package io.payonce.relay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.relay.health.RelayHealthIndicator;
import io.payonce.relay.support.InProcessRelay;
import io.payonce.relay.support.OutboxWriter;
import io.payonce.relay.support.OutboxWriter.OutboxEvent;
import io.payonce.relay.support.TopicRecorder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class OutboxEventsReachKafkaIT {

	private static LocalStack stack;

	private static TopicRecorder recorder;

	private static ConfigurableApplicationContext relay;

	@BeforeAll
	static void startRelay() {
		stack = LocalStack.shared();
		OutboxWriter.createOutboxTables(stack);
		recorder = new TopicRecorder(stack.kafka().bootstrapServers(), Topic.PAY_SUCCESS.topicName(),
				Topic.PAY_DEDUCTED.topicName());
		relay = InProcessRelay.start(InProcessRelay.settings(stack));
		RelayHealthIndicator health = relay.getBean(RelayHealthIndicator.class);
		await().atMost(Duration.ofSeconds(90)).until(() -> health.health().getStatus().equals(Status.UP));
	}

	@AfterAll
	static void stopRelay() throws InterruptedException {
		if (relay != null) {
			relay.close();
		}
		if (recorder != null) {
			recorder.close();
		}
	}

	@Test
	void gatewayAndTradeEventsArriveOnTheirTopicWithKeyHeadersAndPayloadBytes() throws Exception {
		// given
		String orderNo = "O-" + UUID.randomUUID();
		String paySuccessJson = golden("pay-success.v1.json");
		String payDeductedJson = golden("pay-deducted.v1.json");
		OutboxEvent paid = OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo, EventType.PAY_SUCCESS.wireName(),
				paySuccessJson);
		OutboxEvent deducted = OutboxEvent.of(Topic.PAY_DEDUCTED.topicName(), orderNo,
				EventType.PAY_DEDUCTED.wireName(), payDeductedJson);

		// when
		new OutboxWriter(stack, LocalDatabase.GATEWAY).commit(List.of(paid));
		new OutboxWriter(stack, LocalDatabase.TRADE).commit(List.of(deducted));

		// then
		await().atMost(Duration.ofSeconds(60)).until(() -> recorder.withKey(orderNo).size() == 2);
		ConsumerRecord<byte[], byte[]> paySuccess = only(recorder.withKey(orderNo), Topic.PAY_SUCCESS);
		assertThat(paySuccess.value()).isEqualTo(paySuccessJson.getBytes(StandardCharsets.UTF_8));
		assertThat(TopicRecorder.header(paySuccess, PayonceHeaders.EVENT_ID)).isEqualTo(paid.id());
		assertThat(TopicRecorder.header(paySuccess, PayonceHeaders.EVENT_TYPE)).isEqualTo("PaySuccess");
		ConsumerRecord<byte[], byte[]> payDeducted = only(recorder.withKey(orderNo), Topic.PAY_DEDUCTED);
		assertThat(payDeducted.value()).isEqualTo(payDeductedJson.getBytes(StandardCharsets.UTF_8));
		assertThat(TopicRecorder.header(payDeducted, PayonceHeaders.EVENT_ID)).isEqualTo(deducted.id());
		assertThat(TopicRecorder.header(payDeducted, PayonceHeaders.EVENT_TYPE)).isEqualTo("PayDeducted");
		// id, eventType and the publishing instance: the relay's internal source-time header never leaves it.
		assertThat(paySuccess.headers().toArray()).extracting((header) -> header.key())
			.containsExactlyInAnyOrder(PayonceHeaders.EVENT_ID, PayonceHeaders.EVENT_TYPE, PayonceHeaders.RELAYED_BY);
		assertThat(TopicRecorder.header(paySuccess, PayonceHeaders.RELAYED_BY))
			.isEqualTo(relay.getBean(RelayHealthIndicator.class).health().getDetails().get("instanceId"));
	}

	@Test
	void aRolledBackTransactionProducesNoRecord() throws Exception {
		// given: the rolled-back event and a later committed marker share the key, hence the partition
		String orderNo = "O-" + UUID.randomUUID();
		OutboxEvent rolledBack = OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo,
				EventType.PAY_SUCCESS.wireName(), "{\"rolledBack\":true}");
		OutboxEvent marker = OutboxEvent.of(Topic.PAY_SUCCESS.topicName(), orderNo, EventType.PAY_SUCCESS.wireName(),
				"{\"marker\":true}");
		OutboxWriter gateway = new OutboxWriter(stack, LocalDatabase.GATEWAY);

		// when
		gateway.rollBack(List.of(rolledBack));
		gateway.commit(List.of(marker));

		// then: once the later marker is there, anything earlier in the same partition would be too
		await().atMost(Duration.ofSeconds(60)).until(() -> !recorder.withKey(orderNo).isEmpty());
		assertThat(recorder.withKey(orderNo)).extracting((record) -> TopicRecorder.header(record, "id"))
			.containsExactly(marker.id());
	}

	@Test
	void healthAndMetricsReportRelayedEvents() throws Exception {
		// given
		String orderNo = "O-" + UUID.randomUUID();
		MeterRegistry registry = relay.getBean(MeterRegistry.class);

		// when
		new OutboxWriter(stack, LocalDatabase.GATEWAY).commit(List.of(OutboxEvent.of(Topic.PAY_SUCCESS.topicName(),
				orderNo, EventType.PAY_SUCCESS.wireName(), "{\"orderNo\":\"" + orderNo + "\"}")));

		// then
		await().atMost(Duration.ofSeconds(60)).until(() -> !recorder.withKey(orderNo).isEmpty());
		// The record can be read a moment before the relay has noted its acknowledgement.
		RelayHealthIndicator indicator = relay.getBean(RelayHealthIndicator.class);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> indicator.health().getDetails().containsKey("lastEventAgeMs")
					&& !indicator.health().getDetails().containsKey("kafkaAwaitingAcksForMs"));
		var health = indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("role", "LEADER")
			.containsEntry("engine", "STREAMING")
			.containsEntry("databaseConnected", "true")
			.containsKey("lastEventAgeMs");
		assertThat(registry.get("payonce.relay.events.relayed").tag("topic", "pay.success").counter().count())
			.isGreaterThanOrEqualTo(1.0);
		assertThat(registry.get("payonce.relay.send.latency").timer().count()).isGreaterThanOrEqualTo(1);
		assertThat(registry.get("payonce.relay.lag").timer().count()).isGreaterThanOrEqualTo(1);
		assertThat(registry.get("payonce.relay.transaction.commit").timer().count()).isGreaterThanOrEqualTo(1);
		assertThat(registry.get("payonce.relay.leader").gauge().value()).isEqualTo(1.0);
	}

	private static ConsumerRecord<byte[], byte[]> only(List<ConsumerRecord<byte[], byte[]>> records, Topic topic) {
		List<ConsumerRecord<byte[], byte[]>> onTopic = records.stream()
			.filter((record) -> record.topic().equals(topic.topicName()))
			.toList();
		assertThat(onTopic).hasSize(1);
		return onTopic.get(0);
	}

	private static String golden(String name) throws IOException {
		try (InputStream in = OutboxEventsReachKafkaIT.class.getResourceAsStream("/contract/" + name)) {
			assertThat(in).as("golden file %s", name).isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
