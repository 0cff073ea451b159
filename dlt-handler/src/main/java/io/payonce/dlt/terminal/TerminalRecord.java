package io.payonce.dlt.terminal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.retry.FailureEntry;

/**
 * One record of {@code pay.success.terminal} as the console shows it. Identified by its event id (the
 * header {@code id}, the same on every retry and replay); {@code position} ("partition:offset") names the
 * exact terminal record, so an operator's decision applies to that occurrence and not to a later one.
 *
 * @param eventId header {@code id}
 * @param orderNo the record key
 * @param eventType header {@code eventType}
 * @param reason header {@code payonce-reason}
 * @param errorClass of the last failure
 * @param errorMessage of the last failure
 * @param attempt the last attempt that failed
 * @param firstFailureAt of the event
 * @param arrivedAt timestamp of the terminal record
 * @param payload the value as UTF-8 text (the raw event JSON)
 * @param headers every header as UTF-8 text
 * @param history every failure, oldest first
 * @param position partition:offset in the terminal topic
 * @param status what happened since
 * @param note the operator's note on resolve
 * @param statusBy who changed the status
 * @param statusAt when
 */
public record TerminalRecord(String eventId, String orderNo, String eventType, String reason, String errorClass,
		String errorMessage, int attempt, Instant firstFailureAt, Instant arrivedAt, String payload,
		Map<String, String> headers, List<FailureEntry> history, String position, TerminalStatus status, String note,
		String statusBy, Instant statusAt) {

	public TerminalRecord {
		headers = Map.copyOf(headers);
		history = List.copyOf(history);
	}

	TerminalRecord withStatus(TerminalStatus next, String note, String by, Instant at) {
		return new TerminalRecord(this.eventId, this.orderNo, this.eventType, this.reason, this.errorClass,
				this.errorMessage, this.attempt, this.firstFailureAt, this.arrivedAt, this.payload, this.headers,
				this.history, this.position, next, note, by, at);
	}

}
