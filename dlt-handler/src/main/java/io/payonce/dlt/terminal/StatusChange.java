package io.payonce.dlt.terminal;

import java.time.Instant;

/** An operator's decision on one terminal record occurrence, kept in the audit trail and re-applied on start. */
public record StatusChange(String eventId, String position, TerminalStatus status, String note, String by,
		Instant at) {

}
