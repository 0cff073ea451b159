package io.payonce.contract;

import java.nio.charset.StandardCharsets;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON for events, the same bytes on both sides. Strict on the way in: unknown event types, missing fields
 * and trailing garbage are {@link UnreadableEventException}s, never a half-filled record. Unknown fields are
 * tolerated so that a producer may add one before its consumers know it.
 */
public final class EventCodec {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private EventCodec() {
	}

	public static byte[] encode(PayonceEvent event) {
		return MAPPER.writeValueAsBytes(event);
	}

	public static String encodeToString(PayonceEvent event) {
		return new String(encode(event), StandardCharsets.UTF_8);
	}

	/**
	 * @param eventTypeHeader the {@code eventType} header; {@code null} means {@link EventType#PAY_SUCCESS}
	 * for records written before the header existed
	 */
	public static PayonceEvent decode(String eventTypeHeader, byte[] payload) {
		EventType type = (eventTypeHeader == null) ? EventType.PAY_SUCCESS
				: EventType.ofWireName(eventTypeHeader)
					.orElseThrow(() -> new UnreadableEventException(FailureReason.UNKNOWN_EVENT_TYPE,
							"Unknown event type '" + eventTypeHeader + "'", null));
		return decode(type, payload);
	}

	public static <T extends PayonceEvent> T decode(Class<T> type, byte[] payload) {
		return type.cast(decode(EventType.ofRecordType(type), payload));
	}

	private static PayonceEvent decode(EventType type, byte[] payload) {
		if (payload == null || payload.length == 0) {
			throw new UnreadableEventException(FailureReason.UNREADABLE, "Empty payload for " + type.wireName(),
					null);
		}
		try {
			return MAPPER.readValue(payload, type.recordType());
		}
		catch (JacksonException | IllegalArgumentException | NullPointerException ex) {
			// Jackson wraps constructor failures; keep the innermost message, it names the field.
			Throwable root = ex;
			while (root.getCause() != null && root.getCause() != root) {
				root = root.getCause();
			}
			throw new UnreadableEventException(FailureReason.UNREADABLE,
					"Cannot read " + type.wireName() + ": " + root.getMessage(), ex);
		}
	}

}
