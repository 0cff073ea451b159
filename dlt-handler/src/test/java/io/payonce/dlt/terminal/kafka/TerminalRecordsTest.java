package io.payonce.dlt.terminal.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import io.payonce.dlt.retry.streams.FailureHistoryJson;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalRecordsTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	@Test
	void aConflictSentStraightToTerminalShowsItsOwnFailureInTheHistory() {
		RecordHeaders headers = new RecordHeaders();
		add(headers, PayonceHeaders.EVENT_ID, "evt-1");
		add(headers, PayonceHeaders.ATTEMPT, "1");
		add(headers, PayonceHeaders.REASON, "CONFLICT");
		add(headers, PayonceHeaders.ERROR_MESSAGE, "amount differs");

		TerminalRecord record = TerminalRecords.of(consumerRecord(headers));

		assertThat(record.eventId()).isEqualTo("evt-1");
		assertThat(record.status()).isEqualTo(TerminalStatus.OPEN);
		assertThat(record.position()).isEqualTo("2:17");
		assertThat(record.history()).singleElement().satisfies(entry -> {
			assertThat(entry.reason()).isEqualTo("CONFLICT");
			assertThat(entry.errorMessage()).isEqualTo("amount differs");
		});
	}

	@Test
	void anExhaustedRecordKeepsTheLadderHistoryWithoutADuplicateLastEntry() {
		FailureHistory history = FailureHistory.empty()
			.append(new FailureEntry(1, "INSUFFICIENT_BALANCE", null, "low", T0, "pay.success", 0, 1))
			.append(new FailureEntry(2, "INSUFFICIENT_BALANCE", null, "low", T0, "pay.success", 0, 2));
		RecordHeaders headers = new RecordHeaders();
		add(headers, PayonceHeaders.EVENT_ID, "evt-2");
		add(headers, PayonceHeaders.ATTEMPT, "2");
		add(headers, PayonceHeaders.REASON, "RETRIES_EXHAUSTED");
		headers.add(PayonceHeaders.FAILURE_HISTORY, FailureHistoryJson.encode(history));

		TerminalRecord record = TerminalRecords.of(consumerRecord(headers));

		assertThat(record.history()).extracting(FailureEntry::attempt).containsExactly(1, 2);
		assertThat(record.reason()).isEqualTo("RETRIES_EXHAUSTED");
	}

	private static ConsumerRecord<String, byte[]> consumerRecord(RecordHeaders headers) {
		return new ConsumerRecord<>("pay.success.terminal", 2, 17, T0.toEpochMilli(), TimestampType.CREATE_TIME, 0, 0,
				"P1", "{}".getBytes(StandardCharsets.UTF_8), headers, Optional.empty());
	}

	private static void add(RecordHeaders headers, String name, String value) {
		headers.add(name, value.getBytes(StandardCharsets.UTF_8));
	}

}
