package io.payonce.e2e.deploy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as compose and Spring write them: {@code 30s}, {@code 1m}, {@code 1m30s}, {@code 45}. */
final class Durations {

	private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)?");

	private Durations() {
	}

	static long seconds(String text) {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("No duration");
		}
		long millis = 0;
		Matcher part = PART.matcher(text.trim());
		int end = 0;
		while (part.find() && part.start() == end) {
			long amount = Long.parseLong(part.group(1));
			String unit = (part.group(2) == null) ? "s" : part.group(2);
			millis += switch (unit) {
				case "ms" -> amount;
				case "m" -> amount * 60_000;
				case "h" -> amount * 3_600_000;
				default -> amount * 1_000;
			};
			end = part.end();
		}
		if (end != text.trim().length()) {
			throw new IllegalArgumentException("Not a duration: " + text);
		}
		return millis / 1_000;
	}

}
