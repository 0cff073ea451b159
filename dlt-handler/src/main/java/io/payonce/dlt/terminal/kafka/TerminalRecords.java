package io.payonce.dlt.terminal.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import io.payonce.dlt.retry.streams.FailureHistoryJson;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/** Reads a terminal topic record into the console's {@link TerminalRecord}; tolerant, nothing is dropped. */
public final class TerminalRecords {

	private TerminalRecords() {
	}

	public static TerminalRecord of(ConsumerRecord<String, byte[]> record) {
		Map<String, String> headers = new LinkedHashMap<>();
		for (Header header : record.headers()) {
			headers.put(header.key(), (header.value() == null) ? "" : new String(header.value(), StandardCharsets.UTF_8));
		}
		String position = record.partition() + ":" + record.offset();
		// without an event id the console still needs a stable handle: the topic position
		String eventId = headers.getOrDefault(PayonceHeaders.EVENT_ID, "no-id-" + position);
		Instant arrivedAt = Instant.ofEpochMilli(record.timestamp());
		int attempt = attempt(headers.get(PayonceHeaders.ATTEMPT));
		// The consumer sends non-retryable failures straight here without appending to the history: the
		// failure this record itself describes is added (an entry for the same attempt is not duplicated).
		FailureHistory history = FailureHistoryJson.decode(headers.get(PayonceHeaders.FAILURE_HISTORY))
			.append(new FailureEntry(attempt, headers.getOrDefault(PayonceHeaders.REASON, "UNKNOWN"),
					headers.get(PayonceHeaders.ERROR_CLASS), headers.get(PayonceHeaders.ERROR_MESSAGE),
					instant(headers.get(PayonceHeaders.LAST_FAILURE_AT), arrivedAt),
					headers.get(PayonceHeaders.ORIGIN_TOPIC), (int) number(headers.get(PayonceHeaders.ORIGIN_PARTITION)),
					number(headers.get(PayonceHeaders.ORIGIN_OFFSET))));
		return new TerminalRecord(eventId, record.key(), headers.get(PayonceHeaders.EVENT_TYPE),
				headers.getOrDefault(PayonceHeaders.REASON, "UNKNOWN"), headers.get(PayonceHeaders.ERROR_CLASS),
				headers.get(PayonceHeaders.ERROR_MESSAGE), attempt,
				instant(headers.get(PayonceHeaders.FIRST_FAILURE_AT), arrivedAt), arrivedAt,
				(record.value() == null) ? "" : new String(record.value(), StandardCharsets.UTF_8), headers,
				history.entries(), position,
				TerminalStatus.OPEN, null, null, null);
	}

	private static int attempt(String text) {
		try {
			return (text == null) ? 1 : Integer.parseInt(text.trim());
		}
		catch (NumberFormatException ex) {
			return 1;
		}
	}

	private static long number(String text) {
		try {
			return (text == null) ? -1 : Long.parseLong(text.trim());
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private static Instant instant(String text, Instant fallback) {
		try {
			return (text == null) ? fallback : Instant.parse(text.trim());
		}
		catch (DateTimeParseException ex) {
			return fallback;
		}
	}

}
