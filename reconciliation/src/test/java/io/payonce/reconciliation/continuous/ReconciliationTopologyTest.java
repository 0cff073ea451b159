package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.finding.OpenFindings;
import io.payonce.reconciliation.reversal.ReversalBooked;
import io.payonce.reconciliation.continuous.streams.ReconciliationTopology;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The topology on {@link TopologyTestDriver}: its wall clock is mocked, so "past the window" is
 * {@code advanceWallClockTime}, not a sleep.
 */
class ReconciliationTopologyTest {

	private static final String FINDINGS = "payonce.reconciliation.findings";

	private static final String REVERSALS = "payonce.reconciliation.reversals";

	private static final Duration WINDOW = Duration.ofMinutes(5);

	private static final Instant START = Instant.parse("2026-09-28T02:00:00Z");

	@TempDir
	Path stateDir;

	private final List<Finding> alerts = new ArrayList<>();

	/** The logging context each alert was raised in (what the log sink's line carries). */
	private final List<Map<String, String>> alertContexts = new ArrayList<>();

	private TopologyTestDriver driver;

	private TestInputTopic<String, byte[]> paySuccess;

	private TestInputTopic<String, byte[]> payDeducted;

	private TestInputTopic<String, ReversalBooked> reversals;

	private TestOutputTopic<String, Finding> findings;

	@BeforeEach
	void startDriver() throws Exception {
		Properties config = new Properties();
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, "reconciliation-test");
		config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
		config.put(StreamsConfig.STATE_DIR_CONFIG, Files.createDirectories(this.stateDir.resolve("s")).toString());
		this.driver = new TopologyTestDriver(ReconciliationTopology.build(
				new Reconciler(WINDOW, Duration.ofDays(7)), Duration.ofSeconds(30), FINDINGS, REVERSALS, (finding) -> {
					this.alerts.add(finding);
					this.alertContexts.add(MDC.getCopyOfContextMap());
				}),
				config, START);
		this.paySuccess = this.driver.createInputTopic(Topic.PAY_SUCCESS.topicName(), Serdes.String().serializer(),
				Serdes.ByteArray().serializer());
		this.payDeducted = this.driver.createInputTopic(Topic.PAY_DEDUCTED.topicName(),
				Serdes.String().serializer(), Serdes.ByteArray().serializer());
		this.reversals = this.driver.createInputTopic(REVERSALS, Serdes.String().serializer(),
				new JsonSerde<>(ReversalBooked.class).serializer());
		this.findings = this.driver.createOutputTopic(FINDINGS, Serdes.String().deserializer(),
				new JsonSerde<>(Finding.class).deserializer());
	}

	@AfterEach
	void closeDriver() {
		this.driver.close();
	}

	@Test
	void paymentWithItsDeductionIsReconciledSilently() {
		// given a payment delivered twice (a relay replay) and its one deduction, also delivered twice
		publish(this.paySuccess, "event-1", Events.aPayment("P1"));
		publish(this.paySuccess, "event-1", Events.aPayment("P1"));
		this.driver.advanceWallClockTime(Duration.ofMinutes(1));
		publish(this.payDeducted, "event-2", Events.aDeduction("P1", 1001));
		publish(this.payDeducted, "event-2", Events.aDeduction("P1", 1001));

		// when the window passes
		this.driver.advanceWallClockTime(WINDOW.multipliedBy(2));

		// then nothing is found
		assertThat(this.findings.isEmpty()).isTrue();
		assertThat(this.alerts).isEmpty();
	}

	@Test
	void suppressedDeductionIsReportedMissingOncePastTheWindow() {
		// given a payment whose deduction never comes (consumer paused)
		publish(this.paySuccess, "event-1", Events.aPayment("P2"));

		// when the window has not yet passed, nothing; when it has, MISSING, and only once
		this.driver.advanceWallClockTime(WINDOW.minusSeconds(31));
		assertThat(this.findings.isEmpty()).isTrue();
		this.driver.advanceWallClockTime(Duration.ofMinutes(1));
		this.driver.advanceWallClockTime(Duration.ofMinutes(10));

		// then
		List<Finding> found = this.findings.readValuesToList();
		assertThat(found).singleElement().satisfies(finding -> {
			assertThat(finding.kind()).isEqualTo(FindingKind.MISSING);
			assertThat(finding.orderNo()).isEqualTo("P2");
			assertThat(finding.findingId()).isEqualTo("MISSING:P2");
			assertThat(finding.payment().eventId()).isEqualTo("event-1");
		});
		assertThat(this.alerts).extracting(Finding::kind).containsExactly(FindingKind.MISSING);
	}

	@Test
	void lateDeductionSettlesItsMissingOnTheFindingsTopic() {
		// given a payment reported MISSING past the window
		publish(this.paySuccess, "event-9", Events.aPayment("P9"));
		this.driver.advanceWallClockTime(WINDOW.plusMinutes(1));
		assertThat(this.findings.readValuesToList()).singleElement().satisfies(missing -> assertThat(missing.settles()).isFalse());

		// when its deduction arrives three minutes later
		this.driver.advanceWallClockTime(Duration.ofMinutes(3));
		publish(this.payDeducted, "event-10", Events.aDeduction("P9", 9001));

		// then a settlement record with the MISSING's id, readable through the topic's JSON, and alerted once
		assertThat(this.findings.readValuesToList()).singleElement().satisfies(settled -> {
			assertThat(settled.findingId()).isEqualTo("MISSING:P9");
			assertThat(settled.settles()).isTrue();
			assertThat(settled.settlement().lateBy()).isEqualTo(WINDOW.plusMinutes(4));
		});
		assertThat(this.alerts).extracting(Finding::findingId, Finding::settles)
			.containsExactly(tuple("MISSING:P9", false), tuple("MISSING:P9", true));
	}

	@Test
	void secondDistinctDeductionIsReportedDuplicate() {
		// given a payment and its deduction
		publish(this.paySuccess, "event-1", Events.aPayment("P3"));
		publish(this.payDeducted, "event-2", Events.aDeduction("P3", 1001));

		// when a second flow row is deducted for the same order
		publish(this.payDeducted, "event-3", Events.aDeduction("P3", 1002));

		// then
		assertThat(this.findings.readValuesToList()).singleElement().satisfies(finding -> {
			assertThat(finding.kind()).isEqualTo(FindingKind.DUPLICATE);
			assertThat(finding.deductions()).extracting(DeductionSeen::flowId).containsExactly(1001L, 1002L);
			assertThat(finding.deductedTotal()).isEqualByComparingTo("398.00");
		});
		assertThat(this.alerts).extracting(Finding::kind).containsExactly(FindingKind.DUPLICATE);
	}

	@Test
	void reversalOfTheDuplicateSettlesItOnTheFindingsTopicAndTheFoldSeesItSettled() {
		// given an order charged twice, reported DUPLICATE
		OpenFindings open = new OpenFindings();
		publish(this.paySuccess, "event-1", Events.aPayment("P3"));
		publish(this.payDeducted, "event-2", Events.aDeduction("P3", 1001));
		publish(this.payDeducted, "event-3", Events.aDeduction("P3", 1002));
		this.findings.readValuesToList().forEach(open::apply);
		assertThat(open.orderNos(FindingKind.DUPLICATE)).containsExactly("P3");

		// when the operator's reversal of the extra flow is announced (as the reversal service does after its commit)
		this.driver.advanceWallClockTime(Duration.ofMinutes(20));
		this.reversals.pipeInput("P3", Events.aReversal("P3", 1002, 9001));

		// then a settlement with the DUPLICATE's id, naming the reversal, through the topic's JSON
		List<Finding> settled = this.findings.readValuesToList();
		assertThat(settled).singleElement().satisfies(settlement -> {
			assertThat(settlement.findingId()).isEqualTo("DUPLICATE:P3:1002");
			assertThat(settlement.settles()).isTrue();
			assertThat(settlement.settlement().detail()).contains("reversal flow 9001");
			assertThat(settlement.settlement().settledAt()).isEqualTo(START.plus(Duration.ofMinutes(20)));
		});
		// and the topic folded says nothing is open any more
		settled.forEach(open::apply);
		assertThat(open.count(FindingKind.DUPLICATE)).isZero();
		assertThat(this.alerts).extracting(Finding::findingId, Finding::settles)
			.containsExactly(tuple("DUPLICATE:P3:1002", false), tuple("DUPLICATE:P3:1002", true));
	}

	@Test
	void afterAnOutageLongerThanTheWindowTheOpenMissingFindingsAreExactlyThePaymentsStillMissing() {
		// given 20 payments while the consumer is down (a Redis outage, fail closed): no deduction within the window
		OpenFindings open = new OpenFindings();
		for (int i = 0; i < 20; i++) {
			publish(this.paySuccess, "event-" + i, Events.aPayment("OUT-" + i));
		}
		this.driver.advanceWallClockTime(WINDOW.plusMinutes(5));
		this.findings.readValuesToList().forEach(open::apply);
		assertThat(open.count(FindingKind.MISSING)).isEqualTo(20);

		// when the outage ends and the even ones are deducted (minutes late); the odd ones stay missing
		for (int i = 0; i < 20; i += 2) {
			publish(this.payDeducted, "deducted-" + i, Events.aDeduction("OUT-" + i, 5000 + i));
		}
		this.driver.advanceWallClockTime(Duration.ofMinutes(10));
		this.findings.readValuesToList().forEach(open::apply);

		// then the open MISSING findings are exactly the odd ones, the oldest raised at the first scan past the window
		// (the test driver punctuates once per advance)
		List<String> stillMissing = new ArrayList<>();
		for (int i = 1; i < 20; i += 2) {
			stillMissing.add("OUT-" + i);
		}
		assertThat(open.orderNos(FindingKind.MISSING)).containsExactlyInAnyOrderElementsOf(stillMissing);
		assertThat(open.oldestRaisedAt(FindingKind.MISSING)).hasValueSatisfying(
				raised -> assertThat(raised).isBetween(START.plus(WINDOW), START.plus(WINDOW).plusSeconds(300)));
	}

	@Test
	void aFindingIsRaisedInItsOrdersLoggingContextWithTheTraceOfTheRecordThatCausedIt() {
		// given a paid order whose second deduction travels with the consumer's trace
		publish(this.paySuccess, "event-1", Events.aPayment("P11"));
		publish(this.payDeducted, "event-2", Events.aDeduction("P11", 1101));
		RecordHeaders traced = headers("event-3", Events.aDeduction("P11", 1102));
		traced.add(PayonceHeaders.TRACEPARENT,
				"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".getBytes(StandardCharsets.UTF_8));

		// when it is read, and a payment of another order waits past the window
		this.payDeducted.pipeInput(new org.apache.kafka.streams.test.TestRecord<>("P11",
				EventCodec.encode(Events.aDeduction("P11", 1102)), traced));
		publish(this.paySuccess, "event-4", Events.aPayment("P12"));
		this.driver.advanceWallClockTime(WINDOW.plusMinutes(1));

		// then the DUPLICATE was raised (and logged) with P11's order and trace, the MISSING with P12's order
		assertThat(this.alerts).extracting(Finding::findingId).containsExactly("DUPLICATE:P11:1102", "MISSING:P12");
		assertThat(this.alertContexts.get(0)).containsEntry("orderNo", "P11")
			.containsEntry("traceId", "4bf92f3577b34da6a3ce929d0e0e4736")
			.containsEntry("spanId", "00f067aa0ba902b7");
		assertThat(this.alertContexts.get(1)).containsEntry("orderNo", "P12").doesNotContainKey("traceId");
		assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
	}

	@Test
	void deductionOfAnotherAmountOrUserIsReportedMismatch() {
		// given a deduction that arrives before its payment, with the wrong amount
		publish(this.payDeducted, "event-2", Events.aDeduction("P4", 1001, 10086L, new BigDecimal("1990.00")));
		assertThat(this.findings.isEmpty()).isTrue();

		// when the payment arrives
		publish(this.paySuccess, "event-1", Events.aPayment("P4"));

		// then
		assertThat(this.findings.readValuesToList()).singleElement().satisfies(finding -> {
			assertThat(finding.kind()).isEqualTo(FindingKind.MISMATCH);
			assertThat(finding.detail()).contains("amount 1990.00 instead of 199.00");
		});

		// and a deduction of another user on another order is one too
		publish(this.paySuccess, "event-5", Events.aPayment("P5"));
		publish(this.payDeducted, "event-6", Events.aDeduction("P5", 1005, 10010L, new BigDecimal("199.0")));
		assertThat(this.findings.readValuesToList()).singleElement()
			.satisfies(finding -> assertThat(finding.detail()).contains("user 10010 instead of 10086")
				.doesNotContain("amount"));
	}

	@Test
	void settledOrderIsForgottenAfterRetentionAndWaitingPaymentsAreNot() {
		// given a settled order and, a day later, a payment still within its window
		publish(this.paySuccess, "event-1", Events.aPayment("P6"));
		publish(this.payDeducted, "event-2", Events.aDeduction("P6", 1006));
		this.driver.advanceWallClockTime(Duration.ofDays(1));
		publish(this.paySuccess, "event-3", Events.aPayment("P7"));

		// when the retention of the first (7 days) passes
		this.driver.advanceWallClockTime(Duration.ofDays(6).plusMinutes(1));

		// then the first view is gone, the second was reported MISSING long ago and is kept until its own end
		assertThat(this.driver.<String, OrderView>getKeyValueStore(ReconciliationTopology.STORE).get("P6")).isNull();
		assertThat(this.driver.<String, OrderView>getKeyValueStore(ReconciliationTopology.STORE).get("P7"))
			.satisfies(view -> assertThat(view.missingReported()).isTrue());
		assertThat(this.findings.readValuesToList()).extracting(Finding::findingId).containsExactly("MISSING:P7");
	}

	@Test
	void unreadableRecordIsSkippedAndReconciliationGoesOn() {
		// given garbage on pay.success (the consumer routes the same record to the terminal topic)
		this.paySuccess.pipeInput("P8", "{not json".getBytes(StandardCharsets.UTF_8));

		// when a readable duplicate follows
		publish(this.paySuccess, "event-1", Events.aPayment("P9"));
		publish(this.payDeducted, "event-2", Events.aDeduction("P9", 1009));
		publish(this.payDeducted, "event-3", Events.aDeduction("P9", 1010));

		// then it is still found, and the garbage left no view behind
		assertThat(this.findings.readValuesToList()).extracting(Finding::kind).containsExactly(FindingKind.DUPLICATE);
		assertThat(this.driver.<String, OrderView>getKeyValueStore(ReconciliationTopology.STORE).get("P8")).isNull();
	}

	private static void publish(TestInputTopic<String, byte[]> topic, String eventId, PayonceEvent event) {
		topic.pipeInput(new org.apache.kafka.streams.test.TestRecord<>(event.orderNo(), EventCodec.encode(event),
				headers(eventId, event)));
	}

	private static RecordHeaders headers(String eventId, PayonceEvent event) {
		RecordHeaders headers = new RecordHeaders();
		headers.add(PayonceHeaders.EVENT_ID, eventId.getBytes(StandardCharsets.UTF_8));
		headers.add(PayonceHeaders.EVENT_TYPE, EventType.of(event).wireName().getBytes(StandardCharsets.UTF_8));
		return headers;
	}

}
