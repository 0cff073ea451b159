package io.payonce.dlt.console.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import io.payonce.dlt.terminal.PageCursor;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalStatus;

/**
 * The list's query parameters as the console's URL carries them ({@code ?orderNo=…&status=…}), read as strings
 * and checked here, so that every bad value is a 400 that names its parameter (a shared link with a typo must
 * say which part is wrong) rather than Spring's generic conversion error. Blank means "any".
 *
 * @param filter what to match
 * @param size page size, 1…{@value #MAX_SIZE}, default {@value #DEFAULT_SIZE}
 * @param before the cursor of the previous page ({@code X-Next-Page}), empty for the first page
 */
record TerminalQuery(TerminalFilter filter, int size, Optional<PageCursor> before) {

	static final int DEFAULT_SIZE = 100;

	static final int MAX_SIZE = 1000;

	/**
	 * {@code from} and {@code to} take an ISO instant ({@code 2026-11-30T20:00:00Z}) or an ISO date
	 * ({@code 2026-11-30}, the start of that day in UTC): {@code from} inclusive, {@code to} exclusive, so
	 * {@code from=2026-11-30&to=2026-12-01} is that one day.
	 * @throws InvalidParameterException naming the first bad parameter
	 */
	static TerminalQuery parse(String reason, String orderNo, String from, String to, String status, String size,
			String before) {
		Instant fromAt = instant("from", from);
		Instant toAt = instant("to", to);
		if (fromAt != null && toAt != null && !toAt.isAfter(fromAt)) {
			throw new InvalidParameterException("to", "must be after from (" + fromAt + "), was " + toAt);
		}
		TerminalFilter filter = new TerminalFilter(blankToNull(reason), blankToNull(orderNo), fromAt, toAt,
				status(status));
		return new TerminalQuery(filter, size(size), cursor(before));
	}

	static String blankToNull(String text) {
		return (text == null || text.isBlank()) ? null : text.trim();
	}

	private static Instant instant(String name, String value) {
		String text = blankToNull(value);
		if (text == null) {
			return null;
		}
		try {
			return (text.indexOf('T') < 0) ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
					: Instant.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw new InvalidParameterException(name,
					"must be an ISO instant (2026-11-30T20:00:00Z) or an ISO date (2026-11-30), was '" + text + "'");
		}
	}

	private static TerminalStatus status(String value) {
		String text = blankToNull(value);
		if (text == null) {
			return null;
		}
		try {
			return TerminalStatus.valueOf(text.toUpperCase(java.util.Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidParameterException("status", "must be one of OPEN, REPLAYED, RESOLVED, was '" + text + "'");
		}
	}

	static int size(String value) {
		String text = blankToNull(value);
		if (text == null) {
			return DEFAULT_SIZE;
		}
		try {
			int size = Integer.parseInt(text);
			if (size >= 1 && size <= MAX_SIZE) {
				return size;
			}
		}
		catch (NumberFormatException ex) {
			// answered below, like an out-of-range number
		}
		throw new InvalidParameterException("size", "must be a whole number from 1 to " + MAX_SIZE + ", was '" + text + "'");
	}

	private static Optional<PageCursor> cursor(String value) {
		String text = blankToNull(value);
		if (text == null) {
			return Optional.empty();
		}
		try {
			return Optional.of(PageCursor.parse(text));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidParameterException("before", ex.getMessage());
		}
	}

	/** A query parameter the list cannot use: 400, {@code application/problem+json} naming it. */
	static final class InvalidParameterException extends RuntimeException {

		private final String parameter;

		InvalidParameterException(String parameter, String message) {
			super(parameter + ": " + message);
			this.parameter = parameter;
		}

		String parameter() {
			return this.parameter;
		}

	}

}
