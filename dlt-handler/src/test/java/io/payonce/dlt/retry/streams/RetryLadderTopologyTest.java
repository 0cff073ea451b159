package io.payonce.dlt.retry.streams;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import io.payonce.dlt.retry.PendingRetry;
import io.payonce.dlt.retry.RetrySchedule;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;

/** The retry ladder on TopologyTestDriver; wall-clock time is moved by the test, never waited for. */
class RetryLadderTopologyTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:12Z");

	private static final byte[] PAYLOAD = """
			{"payNo":"PN20260928001","orderNo":"P20260928001","userId":10086,"amount":"199.00","currency":"CNY","paidAt":"2026-09-28T02:00:12Z"}"""
		.getBytes(StandardCharsets.UTF_8);

	@TempDir
	Path stateDir;

	private TopologyTestDriver driver;

	private TestInputTopic<String, byte[]> retry;

	private TestOutputTopic<String, byte[]> paySuccess;

	private TestOutputTopic<String, byte[]> terminal;

	@BeforeEach
	void startDriver() {
		Properties config = new Properties();
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, "dlt-topology-test");
		config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
		config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
		config.put(StreamsConfig.STATE_DIR_CONFIG, this.stateDir.toString());
		this.driver = new TopologyTestDriver(RetryTopology.build(RetrySchedule.defaults(), Duration.ofSeconds(1)),
				config, T0);
		this.retry = this.driver.createInputTopic(Topic.PAY_SUCCESS_RETRY.topicName(), new StringSerializer(),
				new ByteArraySerializer());
		this.paySuccess = this.driver.createOutputTopic(Topic.PAY_SUCCESS.topicName(), new StringDeserializer(),
				new ByteArrayDeserializer());
		this.terminal = this.driver.createOutputTopic(Topic.PAY_SUCCESS_TERMINAL.topicName(),
				new StringDeserializer(), new ByteArrayDeserializer());
	}

	@AfterEach
	void closeDriver() {
		this.driver.close();
	}

	@ParameterizedTest(name = "attempt {0} failed: attempt {1} released after {2}, not before")
	@CsvSource({ "1, 2, PT30S", "2, 3, PT1M", "3, 4, PT5M", "4, 5, PT5M", "5, 6, PT5M" })
	void eachTierHoldsTheRecordForItsBackoff(int failedAttempt, int nextAttempt, Duration backoff) {
		// given a record whose attempt failed at T0
		this.retry.pipeInput(failedDelivery("evt-1", "P1", failedAttempt, FailureHistory.empty(), T0));

		// when the clock reaches one second before the due time
		this.driver.advanceWallClockTime(backoff.minusSeconds(1));

		// then nothing was released yet
		assertThat(this.paySuccess.isEmpty()).isTrue();

		// when the backoff has passed
		this.driver.advanceWallClockTime(Duration.ofSeconds(1));

		// then it is back on pay.success once, as the next attempt, same key, value, id and type
		List<TestRecord<String, byte[]>> released = this.paySuccess.readRecordsToList();
		assertThat(released).hasSize(1);
		TestRecord<String, byte[]> record = released.get(0);
		assertThat(record.key()).isEqualTo("P1");
		assertThat(record.value()).isEqualTo(PAYLOAD);
		assertThat(header(record.headers(), PayonceHeaders.EVENT_ID)).isEqualTo("evt-1");
		assertThat(header(record.headers(), PayonceHeaders.EVENT_TYPE)).isEqualTo("PaySuccess");
		assertThat(header(record.headers(), PayonceHeaders.ATTEMPT)).isEqualTo(Integer.toString(nextAttempt));
		assertThat(record.headers().lastHeader(PayonceHeaders.REASON)).isNull();
		assertThat(FailureHistoryJson.decode(header(record.headers(), PayonceHeaders.FAILURE_HISTORY)).entries())
			.extracting(FailureEntry::attempt)
			.containsExactly(failedAttempt);
		assertThat(this.terminal.isEmpty()).isTrue();

		// and it is not released a second time
		this.driver.advanceWallClockTime(Duration.ofMinutes(30));
		assertThat(this.paySuccess.isEmpty()).isTrue();
	}

	@Test
	void aRetryWaitingInThePendingStoreReadsAsItsOrderAttemptReasonAndDueTime() {
		// given attempt 2 of order P7 failed for a low balance at T0 (attempt 1 had failed before)
		FailureHistory before = FailureHistory.empty()
			.append(new FailureEntry(1, FailureReason.INSUFFICIENT_BALANCE.name(), "x", "balance 10.00 < 199.00",
					T0.minusSeconds(30), Topic.PAY_SUCCESS.topicName(), 3, 41));
		this.retry.pipeInput(failedDelivery("evt-7", "P7", 2, before, T0));

		// when the console reads the store the ladder keeps
		KeyValueStore<Bytes, byte[]> store = this.driver.getKeyValueStore(RetryTopology.PENDING_STORE);
		List<PendingRetry> pending = new java.util.ArrayList<>();
		try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
			all.forEachRemaining((entry) -> pending
				.add(PendingRetries.toRetry(PendingKey.decode(entry.key), PendingRecord.fromBytes(entry.value))));
		}

		// then it shows the order, the attempt that failed, why, when, and when attempt 3 is due (tier 2: 1 min)
		assertThat(pending).containsExactly(new PendingRetry("P7", "evt-7", 2,
				FailureReason.INSUFFICIENT_BALANCE.name(), "balance 10.00 < 199.00", T0, T0.plus(Duration.ofMinutes(1))));

		// and once released it is no longer pending
		this.driver.advanceWallClockTime(Duration.ofMinutes(1));
		try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
			assertThat(all.hasNext()).isFalse();
		}
	}

	@Test
	void theTraceContextTravelsUpTheLadderAndIntoTerminalUnchanged() {
		// given two failed deliveries in a trace (the consumer set its delivery's span as their traceparent)
		String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01";
		TestRecord<String, byte[]> retried = failedDelivery("evt-t", "PT", 1, FailureHistory.empty(), T0);
		add(retried.headers(), PayonceHeaders.TRACEPARENT, traceparent);
		add(retried.headers(), PayonceHeaders.TRACESTATE, "congo=t61rcWkgMzE");
		TestRecord<String, byte[]> exhausted = failedDelivery("evt-u", "PU", 6, historyOf(5), T0);
		add(exhausted.headers(), PayonceHeaders.TRACEPARENT, traceparent);

		// when one is released after its backoff and the other has no retry left
		this.retry.pipeInput(retried);
		this.retry.pipeInput(exhausted);
		this.driver.advanceWallClockTime(Duration.ofSeconds(30));

		// then both keep it: the next delivery, and a replay from the console, continue the same trace
		TestRecord<String, byte[]> released = this.paySuccess.readRecord();
		assertThat(header(released.headers(), PayonceHeaders.TRACEPARENT)).isEqualTo(traceparent);
		assertThat(header(released.headers(), PayonceHeaders.TRACESTATE)).isEqualTo("congo=t61rcWkgMzE");
		assertThat(header(this.terminal.readRecord().headers(), PayonceHeaders.TRACEPARENT)).isEqualTo(traceparent);
	}

	@Test
	void theLastRetryIsReleasedAsTheLastAttempt() {
		this.retry.pipeInput(failedDelivery("evt-5", "P5", 5, historyOf(4), T0));

		this.driver.advanceWallClockTime(Duration.ofMinutes(5));

		TestRecord<String, byte[]> record = this.paySuccess.readRecord();
		assertThat(header(record.headers(), PayonceHeaders.ATTEMPT)).isEqualTo("6");
		assertThat(FailureHistoryJson.decode(header(record.headers(), PayonceHeaders.FAILURE_HISTORY)).entries())
			.extracting(FailureEntry::attempt)
			.containsExactly(1, 2, 3, 4, 5);
		assertThat(this.terminal.isEmpty()).isTrue();
	}

	@Test
	void failureOfTheLastAttemptMovesTheRecordToTerminalWithItsWholeHistory() {
		// given attempt 6 (the last of the default ladder) failed
		this.retry.pipeInput(failedDelivery("evt-6", "P6", 6, historyOf(5), T0));

		// then it goes to terminal at once, without waiting for any clock
		TestRecord<String, byte[]> record = this.terminal.readRecord();
		assertThat(record.key()).isEqualTo("P6");
		assertThat(record.value()).isEqualTo(PAYLOAD);
		assertThat(header(record.headers(), PayonceHeaders.EVENT_ID)).isEqualTo("evt-6");
		assertThat(header(record.headers(), PayonceHeaders.REASON)).isEqualTo(FailureReason.RETRIES_EXHAUSTED.name());
		assertThat(header(record.headers(), PayonceHeaders.ATTEMPT)).isEqualTo("6");
		assertThat(header(record.headers(), PayonceHeaders.ERROR_MESSAGE)).isEqualTo("balance 10.00 < 199.00");
		assertThat(header(record.headers(), PayonceHeaders.FIRST_FAILURE_AT)).isEqualTo(T0.minusSeconds(3600).toString());
		assertThat(FailureHistoryJson.decode(header(record.headers(), PayonceHeaders.FAILURE_HISTORY)).entries())
			.extracting(FailureEntry::attempt)
			.containsExactly(1, 2, 3, 4, 5, 6);
		this.driver.advanceWallClockTime(Duration.ofHours(1));
		assertThat(this.paySuccess.isEmpty()).isTrue();
	}

	@Test
	void aFreezeThatOutlastsTheLadderLandsInTerminalAsFrozenToBeReplayedAfterTheUnfreeze() {
		// given the last attempt failed because the account is still frozen
		TestRecord<String, byte[]> frozen = failedDelivery("evt-F", "PF", 6, historyOf(5), T0);
		frozen.headers().remove(PayonceHeaders.REASON);
		add(frozen.headers(), PayonceHeaders.REASON, FailureReason.ACCOUNT_FROZEN.name());

		// when
		this.retry.pipeInput(frozen);

		// then it is terminal under its own reason, not as an exhausted payment
		TestRecord<String, byte[]> record = this.terminal.readRecord();
		assertThat(record.key()).isEqualTo("PF");
		assertThat(header(record.headers(), PayonceHeaders.REASON)).isEqualTo(FailureReason.ACCOUNT_FROZEN.name());
		assertThat(FailureHistoryJson.decode(header(record.headers(), PayonceHeaders.FAILURE_HISTORY)).entries())
			.extracting(FailureEntry::reason)
			.endsWith(FailureReason.ACCOUNT_FROZEN.name());
	}

	@Test
	void aRecordThatFailsEveryAttemptClimbsTheWholeLadderThenLandsInTerminal() {
		// given the consumer fails every delivery: it writes each one back to the retry topic
		Instant now = T0;
		this.retry.pipeInput(failedDelivery("evt-L", "PL", 1, FailureHistory.empty(), now));
		List<Duration> tiers = RetrySchedule.defaults().tiers();
		for (int retryNo = 1; retryNo <= 5; retryNo++) {
			this.driver.advanceWallClockTime(tiers.get(retryNo - 1));
			now = now.plus(tiers.get(retryNo - 1));
			TestRecord<String, byte[]> released = this.paySuccess.readRecord();
			int attempt = Integer.parseInt(header(released.headers(), PayonceHeaders.ATTEMPT));
			assertThat(attempt).isEqualTo(retryNo + 1);
			this.retry.pipeInput(failedDelivery("evt-L", "PL", attempt,
					FailureHistoryJson.decode(header(released.headers(), PayonceHeaders.FAILURE_HISTORY)), now));
		}

		// then the sixth failure is terminal with six history entries, and nothing else was released
		TestRecord<String, byte[]> terminalRecord = this.terminal.readRecord();
		assertThat(FailureHistoryJson.decode(header(terminalRecord.headers(), PayonceHeaders.FAILURE_HISTORY)).size())
			.isEqualTo(6);
		assertThat(this.paySuccess.isEmpty()).isTrue();
		assertThat(this.terminal.isEmpty()).isTrue();
	}

	@Test
	void pendingRecordsAreReleasedInDueOrderEachExactlyOnce() {
		// given two events, the later failure with the shorter wait
		this.retry.pipeInput(failedDelivery("evt-a", "PA", 2, historyOf(1), T0)); // due T0 + 1 min
		this.retry.pipeInput(failedDelivery("evt-b", "PB", 1, FailureHistory.empty(), T0.plusSeconds(10))); // T0 + 40 s

		// when time passes both due times
		this.driver.advanceWallClockTime(Duration.ofSeconds(45));
		this.driver.advanceWallClockTime(Duration.ofSeconds(30));
		this.driver.advanceWallClockTime(Duration.ofMinutes(10));

		// then each was released exactly once, in due order
		assertThat(this.paySuccess.readRecordsToList()).extracting(TestRecord::key).containsExactly("PB", "PA");
	}

	@Test
	void aRetryRecordWithoutEventIdGoesToTerminalAsUnreadable() {
		TestRecord<String, byte[]> input = failedDelivery("evt-x", "PX", 1, FailureHistory.empty(), T0);
		input.headers().remove(PayonceHeaders.EVENT_ID);

		this.retry.pipeInput(input);

		assertThat(header(this.terminal.readRecord().headers(), PayonceHeaders.REASON))
			.isEqualTo(FailureReason.UNREADABLE.name());
	}

	@Test
	void eachHopOfTheLadderIsLoggedInTheRecordsOrderAndTrace() {
		// given the processor's lines captured, and a failed delivery that travels with its callback's trace
		ListAppender<ILoggingEvent> lines = new ListAppender<>();
		lines.start();
		Logger processorLog = (Logger) LoggerFactory.getLogger(BackoffProcessor.class);
		processorLog.addAppender(lines);
		TestRecord<String, byte[]> failed = failedDelivery("evt-9", "P9", 1, FailureHistory.empty(), T0);
		add(failed.headers(), PayonceHeaders.TRACEPARENT, "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
		TestRecord<String, byte[]> untraced = failedDelivery("evt-10", "P10", 6, historyOf(5), T0);
		try {
			// when it is held, released, and an untraced one goes to terminal
			this.retry.pipeInput(failed);
			this.driver.advanceWallClockTime(Duration.ofSeconds(30));
			this.retry.pipeInput(untraced);
		}
		finally {
			processorLog.detachAppender(lines);
		}

		// then the hold and the release name P9's trace and span in the logging context, the terminal line P10 only
		assertThat(this.paySuccess.readRecordsToList()).hasSize(1);
		assertThat(lines.list).filteredOn((line) -> line.getFormattedMessage().contains("evt-9"))
			.hasSize(2)
			.allSatisfy((line) -> assertThat(line.getMDCPropertyMap()).containsEntry("orderNo", "P9")
				.containsEntry("traceId", "4bf92f3577b34da6a3ce929d0e0e4736")
				.containsEntry("spanId", "00f067aa0ba902b7"));
		assertThat(lines.list).filteredOn((line) -> line.getFormattedMessage().contains("moved to terminal"))
			.singleElement()
			.satisfies((line) -> assertThat(line.getMDCPropertyMap()).containsEntry("orderNo", "P10")
				.doesNotContainKeys("traceId", "spanId"));
		assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
	}

	private static TestRecord<String, byte[]> failedDelivery(String eventId, String orderNo, int attempt,
			FailureHistory history, Instant failedAt) {
		Headers headers = new RecordHeaders();
		add(headers, PayonceHeaders.EVENT_ID, eventId);
		add(headers, PayonceHeaders.EVENT_TYPE, "PaySuccess");
		add(headers, PayonceHeaders.ATTEMPT, Integer.toString(attempt));
		add(headers, PayonceHeaders.REASON, FailureReason.INSUFFICIENT_BALANCE.name());
		add(headers, PayonceHeaders.ERROR_CLASS, "io.payonce.consumer.InsufficientBalanceException");
		add(headers, PayonceHeaders.ERROR_MESSAGE, "balance 10.00 < 199.00");
		add(headers, PayonceHeaders.FIRST_FAILURE_AT, T0.minusSeconds(3600).toString());
		add(headers, PayonceHeaders.LAST_FAILURE_AT, failedAt.toString());
		add(headers, PayonceHeaders.ORIGIN_TOPIC, Topic.PAY_SUCCESS.topicName());
		add(headers, PayonceHeaders.ORIGIN_PARTITION, "3");
		add(headers, PayonceHeaders.ORIGIN_OFFSET, Integer.toString(40 + attempt));
		if (history.size() > 0) {
			headers.add(PayonceHeaders.FAILURE_HISTORY, FailureHistoryJson.encode(history));
		}
		return new TestRecord<>(orderNo, PAYLOAD, headers, failedAt);
	}

	private static FailureHistory historyOf(int attempts) {
		FailureHistory history = FailureHistory.empty();
		for (int attempt = 1; attempt <= attempts; attempt++) {
			history = history.append(new FailureEntry(attempt, FailureReason.INSUFFICIENT_BALANCE.name(), null,
					"balance 10.00 < 199.00", T0.minusSeconds(600L * (attempts - attempt + 1)), "pay.success", 3, attempt));
		}
		return history;
	}

	private static void add(Headers headers, String name, String value) {
		headers.add(name, value.getBytes(StandardCharsets.UTF_8));
	}

	private static String header(Headers headers, String name) {
		return (headers.lastHeader(name) == null) ? null
				: new String(headers.lastHeader(name).value(), StandardCharsets.UTF_8);
	}

}
