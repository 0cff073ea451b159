package io.payonce.dlt.timeline.streams;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.dlt.retry.RetrySchedule;
import io.payonce.dlt.timeline.Services;
import io.payonce.dlt.timeline.Timeline;
import io.payonce.dlt.timeline.TimelineEntry;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The materialiser on TopologyTestDriver: each topic's records become their steps in one timeline per order. */
class TimelineTopologyTest {

	private static final Instant T0 = Instant.parse("2026-12-01T14:03:10Z");

	private static final String ORDER = "P20261201001";

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private static final byte[] PAYMENT = ("{\"payNo\":\"PN1\",\"orderNo\":\"" + ORDER
			+ "\",\"userId\":10086,\"amount\":\"199.00\",\"currency\":\"CNY\",\"paidAt\":\"2026-12-01T14:03:09Z\"}")
		.getBytes(StandardCharsets.UTF_8);

	@TempDir
	Path stateDir;

	private final AtomicInteger unreadable = new AtomicInteger();

	private TopologyTestDriver driver;

	@BeforeEach
	void startDriver() {
		Properties config = new Properties();
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, "timeline-topology-test");
		config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
		config.put(StreamsConfig.STATE_DIR_CONFIG, this.stateDir.toString());
		this.driver = new TopologyTestDriver(
				TimelineTopology.build(RetrySchedule.defaults(), this.unreadable::incrementAndGet), config, T0);
	}

	@AfterEach
	void closeDriver() {
		this.driver.close();
	}

	@Test
	void eachTopicsRecordBecomesItsStepWithTheRightServiceAndDecision() {
		// given one payment's course through the pipeline: callback, relay, a failure, the ladder, exhaustion,
		// terminal, a replay, the deduction, and a second payment of the same order
		publish(Topic.PAY_TIMELINE, T0, TimelineFactCodec.encode(new TimelineFact(ORDER, T0, Services.GATEWAY, "gw-1",
				TimelineFact.Step.CALLBACK, "ACCEPTED", "4bf92f3577b34da6a3ce929d0e0e4736", Map.of("payNo", "PN1"))));
		publish(Topic.PAY_SUCCESS, T0.plusSeconds(1), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.RELAYED_BY, "relay-a", PayonceHeaders.TRACEPARENT, TRACEPARENT);
		publish(Topic.PAY_SUCCESS_RETRY, T0.plusSeconds(2), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.ATTEMPT, "1", PayonceHeaders.REASON, "INSUFFICIENT_BALANCE");
		publish(Topic.PAY_SUCCESS, T0.plusSeconds(32), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.ATTEMPT, "2");
		publish(Topic.PAY_SUCCESS_RETRY, T0.plusSeconds(33), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.ATTEMPT, "6", PayonceHeaders.REASON, "INSUFFICIENT_BALANCE");
		publish(Topic.PAY_SUCCESS_TERMINAL, T0.plusSeconds(33), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.REASON, "RETRIES_EXHAUSTED");
		publish(Topic.PAY_SUCCESS, T0.plusSeconds(90), PAYMENT, PayonceHeaders.EVENT_ID, "evt-1",
				PayonceHeaders.REPLAY_ID, "replay-7");
		publish(Topic.PAY_DEDUCTED, T0.plusSeconds(92), EventCodec.encode(new PayDeducted(ORDER, "PN1", 10086,
				new BigDecimal("199.00"), "CNY", 42, T0.plusSeconds(91))));
		publish(Topic.PAY_REFUND_REQUIRED, T0.plusSeconds(100),
				EventCodec.encode(new DuplicatePayment("PN2", ORDER, 10086, new BigDecimal("199.00"), "CNY",
						T0.plusSeconds(99), "PN1", DuplicatePayment.Detector.GATEWAY)));

		// then the timeline holds each as its step, in order, said by the service that did it
		Timeline timeline = timelineOf(ORDER);
		assertThat(timeline.entries()).extracting((e) -> e.fact().step(), (e) -> e.fact().service(),
				(e) -> e.fact().decision())
			.containsExactly(tuple(TimelineFact.Step.CALLBACK, Services.GATEWAY, "ACCEPTED"),
					tuple(TimelineFact.Step.RELAYED, Services.RELAY, "PUBLISHED"),
					tuple(TimelineFact.Step.RETRY_HELD, Services.DLT_HANDLER, "HELD"),
					tuple(TimelineFact.Step.RETRY_RELEASED, Services.DLT_HANDLER, "RELEASED"),
					tuple(TimelineFact.Step.RETRY_HELD, Services.DLT_HANDLER, "EXHAUSTED"),
					tuple(TimelineFact.Step.TERMINAL, Services.DLT_HANDLER, "RETRIES_EXHAUSTED"),
					tuple(TimelineFact.Step.REPLAY, Services.DLT_HANDLER, "SENT"),
					tuple(TimelineFact.Step.DEDUCTED, Services.CONSUMER, "DEDUCTED"),
					tuple(TimelineFact.Step.DUPLICATE_PAYMENT, Services.GATEWAY, "REFUND_REQUIRED"));
		List<TimelineEntry> steps = timeline.entries();
		assertThat(steps.get(1).fact().instance()).isEqualTo("relay-a");
		assertThat(steps.get(1).fact().traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(steps.get(1).fact().detail()).containsEntry(Services.TOPIC, "pay.success")
			.containsEntry(Services.PARTITION, "0")
			.containsEntry(Services.OFFSET, "0")
			.containsEntry("eventId", "evt-1");
		// the ladder's own schedule: attempt 1 failed at T0+2s waits the first tier, 30 s
		assertThat(steps.get(2).fact().detail()).containsEntry(Services.TIER, "1")
			.containsEntry(Services.DUE, T0.plusSeconds(32).toString())
			.containsEntry(Services.REASON, "INSUFFICIENT_BALANCE");
		assertThat(steps.get(6).fact().detail()).containsEntry(Services.REPLAY_ID, "replay-7");
		assertThat(steps.get(7).fact().at()).isEqualTo(T0.plusSeconds(91));
		assertThat(steps.get(7).fact().detail()).containsEntry("amount", "199.00")
			.containsEntry("currency", "CNY")
			.containsEntry("flowId", "42");
		assertThat(steps.get(8).fact().detail()).containsEntry("payNo", "PN2").containsEntry("firstPayNo", "PN1");
		assertThat(this.unreadable).hasValue(0);
	}

	@Test
	void aConsumersTerminalRecordIsTheConsumersStep() {
		publish(Topic.PAY_SUCCESS_TERMINAL, T0, PAYMENT, PayonceHeaders.EVENT_ID, "evt-1", PayonceHeaders.REASON,
				"CONFLICT");

		assertThat(timelineOf(ORDER).entries()).extracting((e) -> e.fact().service(), (e) -> e.fact().decision())
			.containsExactly(tuple(Services.CONSUMER, "CONFLICT"));
	}

	@Test
	void eachOrderHasItsOwnTimelineByteForByte() {
		// given two orders whose numbers differ only in case, and one with characters a URL must encode
		publish("p20261201001", Topic.PAY_SUCCESS, T0, PAYMENT);
		publish(ORDER, Topic.PAY_SUCCESS, T0, PAYMENT);
		publish(ORDER, Topic.PAY_SUCCESS, T0.plusSeconds(1), PAYMENT, PayonceHeaders.ATTEMPT, "2");
		publish("P 1/ü;x", Topic.PAY_SUCCESS, T0, PAYMENT);

		assertThat(timelineOf(ORDER).entries()).hasSize(2);
		assertThat(timelineOf("p20261201001").entries()).hasSize(1);
		assertThat(timelineOf("P 1/ü;x").entries()).hasSize(1);
	}

	@Test
	void aStormOfCallbacksKeepsTheValueBounded() {
		// given 1,000 duplicate callbacks of one order
		for (int i = 0; i < 1_000; i++) {
			publish(Topic.PAY_TIMELINE, T0.plusMillis(i), TimelineFactCodec.encode(new TimelineFact(ORDER,
					T0.plusMillis(i), Services.GATEWAY, "gw-1", TimelineFact.Step.CALLBACK, "DUPLICATE", null, Map.of())));
		}

		// then the store holds 200 of them and counts the 800 left out
		Timeline timeline = timelineOf(ORDER);
		assertThat(timeline.entries()).hasSize(Timeline.KEEP_FIRST + Timeline.KEEP_LAST);
		assertThat(timeline.omitted()).isEqualTo(800);
		assertThat(timeline.entries().get(Timeline.KEEP_FIRST).fact().at()).isEqualTo(T0.plusMillis(850));
	}

	@Test
	void unreadableRecordsAreCountedAndSkippedAndTheStreamGoesOn() {
		// given a garbage deduction, a garbage fact, a fact filed under another order's key and a record without key
		publish(Topic.PAY_DEDUCTED, T0, "not json".getBytes(StandardCharsets.UTF_8));
		publish(Topic.PAY_TIMELINE, T0, ("{\"orderNo\":\"" + ORDER + "\"}").getBytes(StandardCharsets.UTF_8));
		publish("P-other", Topic.PAY_TIMELINE, T0, TimelineFactCodec.encode(new TimelineFact(ORDER, T0,
				Services.GATEWAY, "gw-1", TimelineFact.Step.CALLBACK, "ACCEPTED", null, Map.of())));
		publish(null, Topic.PAY_SUCCESS, T0, PAYMENT);

		// when a readable record follows
		publish(Topic.PAY_SUCCESS, T0.plusSeconds(1), PAYMENT);

		// then the four were counted and left nothing, and the next one was taken
		assertThat(this.unreadable).hasValue(4);
		assertThat(timelineOf(ORDER).entries()).extracting((e) -> e.fact().step())
			.containsExactly(TimelineFact.Step.RELAYED);
		assertThat(store().get("P-other")).isNull();
	}

	@Test
	void aStepPublishedByANewerServiceIsShownAsOther() {
		publish(Topic.PAY_TIMELINE, T0, ("{\"orderNo\":\"" + ORDER + "\",\"at\":\"" + T0
				+ "\",\"service\":\"new-service\",\"step\":\"TELEPORTED\",\"decision\":\"OK\",\"detail\":{\"x\":\"1\"}}")
			.getBytes(StandardCharsets.UTF_8));

		assertThat(timelineOf(ORDER).entries()).extracting((e) -> e.fact().step(), (e) -> e.fact().service())
			.containsExactly(tuple(TimelineFact.Step.OTHER, "new-service"));
	}

	private void publish(Topic topic, Instant at, byte[] value, String... headers) {
		publish(ORDER, topic, at, value, headers);
	}

	private void publish(String key, Topic topic, Instant at, byte[] value, String... headers) {
		TestInputTopic<String, byte[]> input = this.driver.createInputTopic(topic.topicName(), new StringSerializer(),
				new ByteArraySerializer());
		RecordHeaders recordHeaders = new RecordHeaders();
		for (int i = 0; i < headers.length; i += 2) {
			recordHeaders.add(headers[i], headers[i + 1].getBytes(StandardCharsets.UTF_8));
		}
		input.pipeInput(new TestRecord<>(key, value, recordHeaders, at));
	}

	private KeyValueStore<String, byte[]> store() {
		return this.driver.getKeyValueStore(TimelineTopology.STORE);
	}

	private Timeline timelineOf(String orderNo) {
		return TimelineJson.decode(store().get(orderNo));
	}

}
