package io.payonce.dlt.terminal;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Where a page of the newest-first terminal list ended: the sort key of its last record (arrival time, then event
 * id). The next page starts after that key, not after a count of rows, so records that become terminal while an
 * operator pages (they sort first) neither shift a row onto two pages nor hide one between them.
 * <p>
 * As a token (query parameter {@code before}): {@code <arrivedAt ISO instant>,<eventId>}.
 */
public record PageCursor(Instant arrivedAt, String eventId) {

	public PageCursor {
		if (arrivedAt == null || eventId == null || eventId.isEmpty()) {
			throw new IllegalArgumentException("a page cursor needs an arrival time and an event id");
		}
	}

	public static PageCursor after(TerminalRecord last) {
		return new PageCursor(last.arrivedAt(), last.eventId());
	}

	/** @throws IllegalArgumentException naming what is wrong with the token */
	public static PageCursor parse(String token) {
		int comma = token.indexOf(',');
		if (comma <= 0 || comma == token.length() - 1) {
			throw new IllegalArgumentException("must be '<arrivedAt>,<eventId>' as returned in X-Next-Page");
		}
		try {
			return new PageCursor(Instant.parse(token.substring(0, comma)), token.substring(comma + 1));
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("must start with an ISO instant, as returned in X-Next-Page");
		}
	}

	public String token() {
		return this.arrivedAt + "," + this.eventId;
	}

	/** Whether {@code record} sorts after this cursor in the newest-first order (and so belongs to a later page). */
	public boolean isBefore(TerminalRecord record) {
		int byTime = record.arrivedAt().compareTo(this.arrivedAt);
		return byTime < 0 || (byTime == 0 && record.eventId().compareTo(this.eventId) > 0);
	}

}
