package io.payonce.gateway.callback.domain;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.format.DateTimeParseException;

/**
 * Reads an ISO-8601 date-time with offset exactly as {@link OffsetDateTime#parse(CharSequence)} does, cheaper for the
 * shape every platform sends ({@code 2026-09-28T02:00:12Z}, {@code 2026-09-28T10:00:12.345+08:00}).
 * <p>
 * Why: on Java 17 the JDK's formatter resolves every parsed offset through {@code ZoneOffset.getRules()}, which builds
 * a new {@code ZoneRules} each time, on top of its map of parsed fields; {@code ZoneRules.<init>} and the parse were
 * among the gateway's top frames per callback (issue 19).
 * <p>
 * The invariant: {@link #common} reads only {@code yyyy-MM-ddTHH:mm:ss[.f]} with 1 to 9 fraction digits and
 * {@code Z} or {@code ±HH:MM}, each value in its range, a text the JDK's parser reads too and to the same instant
 * ({@code IsoOffsetInstantTest} compares both over generated and mutated texts). Any other text, valid or not
 * (lower-case {@code t} or {@code z}, no seconds, an offset with seconds, a signed or five-digit year, a leap second,
 * 24:00, February 30th), is left to the JDK's parser, so what is accepted, refused and returned is the JDK's.
 */
final class IsoOffsetInstant {

	private static final int SHORTEST = "2026-09-28T02:00:12Z".length();

	private static final int LONGEST = "2026-09-28T02:00:12.123456789+08:00".length();

	/** {@code ZoneOffset}'s bound: ±18:00. */
	private static final int MAX_OFFSET_HOURS = 18;

	private IsoOffsetInstant() {
	}

	/**
	 * @throws DateTimeParseException when {@link OffsetDateTime#parse(CharSequence)} would
	 */
	static Instant parse(String text) {
		Instant common = common(text);
		return (common != null) ? common : OffsetDateTime.parse(text).toInstant();
	}

	/** The instant of a text in the common shape, or {@code null} for any other text. */
	static Instant common(String text) {
		int length = text.length();
		if (length < SHORTEST || length > LONGEST || text.charAt(4) != '-' || text.charAt(7) != '-'
				|| text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':') {
			return null;
		}
		int year = digits(text, 0, 4);
		int month = digits(text, 5, 2);
		int day = digits(text, 8, 2);
		int hour = digits(text, 11, 2);
		int minute = digits(text, 14, 2);
		int second = digits(text, 17, 2);
		if (year < 0 || month < 1 || month > 12 || day < 1
				|| day > Month.of(month).length(Year.isLeap(year)) || hour < 0 || hour > 23 || minute < 0
				|| minute > 59 || second < 0 || second > 59) {
			return null;
		}
		int position = 19;
		int nanos = 0;
		if (text.charAt(position) == '.') {
			int first = ++position;
			while (position < length && isDigit(text.charAt(position))) {
				if (position - first == 9) {
					return null;
				}
				nanos = nanos * 10 + (text.charAt(position) - '0');
				position++;
			}
			if (position == first) {
				return null;
			}
			for (int scale = position - first; scale < 9; scale++) {
				nanos *= 10;
			}
		}
		int offsetSeconds;
		if (position == length - 1 && text.charAt(position) == 'Z') {
			offsetSeconds = 0;
		}
		else if (position == length - 6 && (text.charAt(position) == '+' || text.charAt(position) == '-')
				&& text.charAt(position + 3) == ':') {
			int offsetHours = digits(text, position + 1, 2);
			int offsetMinutes = digits(text, position + 4, 2);
			if (offsetHours < 0 || offsetMinutes < 0 || offsetMinutes > 59 || offsetHours > MAX_OFFSET_HOURS
					|| (offsetHours == MAX_OFFSET_HOURS && offsetMinutes > 0)) {
				return null;
			}
			offsetSeconds = ((text.charAt(position) == '-') ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
		}
		else {
			return null;
		}
		long epochDay = LocalDate.of(year, month, day).toEpochDay();
		long epochSecond = epochDay * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds;
		return Instant.ofEpochSecond(epochSecond, nanos);
	}

	/** The value of {@code count} ASCII digits at {@code from}, or -1 if any is not one. */
	private static int digits(String text, int from, int count) {
		int value = 0;
		for (int i = from; i < from + count; i++) {
			char c = text.charAt(i);
			if (!isDigit(c)) {
				return -1;
			}
			value = value * 10 + (c - '0');
		}
		return value;
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

}
