package io.payonce.contract;

import java.nio.charset.StandardCharsets;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON of {@link TimelineFact}s on {@link Topic#PAY_TIMELINE}. Lenient where a newer publisher may run beside an
 * older reader (unknown fields are ignored, an unknown step reads as {@link TimelineFact.Step#OTHER}), strict
 * where a fact would be wrong (missing orderNo, time, service or step, trailing garbage:
 * {@link UnreadableEventException}).
 */
public final class TimelineFactCodec {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
		.build();

	private TimelineFactCodec() {
	}

	public static byte[] encode(TimelineFact fact) {
		return MAPPER.writeValueAsBytes(fact);
	}

	public static String encodeToString(TimelineFact fact) {
		return new String(encode(fact), StandardCharsets.UTF_8);
	}

	public static TimelineFact decode(byte[] payload) {
		if (payload == null || payload.length == 0) {
			throw new UnreadableEventException(FailureReason.UNREADABLE, "Empty timeline fact", null);
		}
		try {
			return MAPPER.readValue(payload, TimelineFact.class);
		}
		catch (JacksonException | IllegalArgumentException | NullPointerException ex) {
			Throwable root = ex;
			while (root.getCause() != null && root.getCause() != root) {
				root = root.getCause();
			}
			throw new UnreadableEventException(FailureReason.UNREADABLE, "Cannot read timeline fact: " + root.getMessage(),
					ex);
		}
	}

}
