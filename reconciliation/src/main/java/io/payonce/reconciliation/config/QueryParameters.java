package io.payonce.reconciliation.config;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The ops API's query parameters, read by hand so that every refusal names its parameter and says what it takes
 * ({@link BadParameterException}, answered as a 400 by {@code ApiErrors}). Times: an instant
 * ({@code 2026-11-30T00:00:00Z}), a time with an offset ({@code 2026-11-30T08:00:00+08:00}) or a date
 * ({@code 2026-11-30}, UTC); a date as the end of a period includes that day, so {@code from=2026-11-01&to=2026-11-30}
 * is November.
 */
public final class QueryParameters {

	private QueryParameters() {
	}

	/** @param endOfDay a date means the end of that day (the start of the next), for an inclusive end */
	public static Instant instant(String name, String value, boolean endOfDay) {
		if (value == null || value.isBlank()) {
			throw new BadParameterException(name, "parameter '" + name + "' is required: a date (2026-11-30) or an"
					+ " ISO instant (2026-11-30T00:00:00Z)");
		}
		String text = value.trim();
		try {
			if (text.length() == 10) {
				LocalDate day = LocalDate.parse(text);
				return (endOfDay ? day.plusDays(1) : day).atStartOfDay(ZoneOffset.UTC).toInstant();
			}
			return OffsetDateTime.parse(text).toInstant();
		}
		catch (DateTimeParseException ex) {
			throw new BadParameterException(name, "parameter '" + name + "' is not a date (2026-11-30) or an ISO"
					+ " instant (2026-11-30T00:00:00Z): '" + value + "'");
		}
	}

	/** Checks that the end comes after the start; names {@code to} otherwise. */
	public static void requireOrder(Instant from, Instant to) {
		if (!from.isBefore(to)) {
			throw new BadParameterException("to", "to (" + to + ") must be after from (" + from + ")");
		}
	}

	/** One of an enum's constants, case-insensitive; {@code null} when absent. */
	public static <E extends Enum<E>> E option(String name, String value, Class<E> type) {
		if (value == null || value.isBlank()) {
			return null;
		}
		try {
			return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new BadParameterException(name, "parameter '" + name + "' must be one of "
					+ Arrays.toString(type.getEnumConstants()) + ", not '" + value + "'");
		}
	}

	/** A query parameter an endpoint cannot take; names it. */
	public static final class BadParameterException extends IllegalArgumentException {

		private final String parameter;

		public BadParameterException(String parameter, String message) {
			super(message);
			this.parameter = parameter;
		}

		public String parameter() {
			return this.parameter;
		}

	}

}
