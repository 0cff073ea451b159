package io.payonce.dlt.retry.streams;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code payonce-failure-history} header: a JSON array of {@link FailureEntry} objects. An unreadable
 * history is not a reason to lose the record: it starts over with what this hop knows.
 */
public final class FailureHistoryJson {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private FailureHistoryJson() {
	}

	public static byte[] encode(FailureHistory history) {
		return MAPPER.writeValueAsBytes(history.entries());
	}

	public static FailureHistory decode(byte[] header) {
		if (header == null || header.length == 0) {
			return FailureHistory.empty();
		}
		try {
			return new FailureHistory(Arrays.asList(MAPPER.readValue(header, FailureEntry[].class)));
		}
		catch (JacksonException ex) {
			return FailureHistory.empty();
		}
	}

	public static FailureHistory decode(String header) {
		return (header == null) ? FailureHistory.empty() : decode(header.getBytes(StandardCharsets.UTF_8));
	}

}
