package io.payonce.dlt.timeline.streams;

import io.payonce.dlt.timeline.Timeline;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The store's value: one order's {@link Timeline} as JSON (readable in the changelog topic with any consumer).
 * Lenient like {@code TimelineFactCodec}: a value written by a newer instance (a field more, a step this one does not
 * know) still reads during a rolling update.
 */
final class TimelineJson {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
		.build();

	private TimelineJson() {
	}

	static byte[] encode(Timeline timeline) {
		return MAPPER.writeValueAsBytes(timeline);
	}

	/** @return the timeline, or an empty one for no value */
	static Timeline decode(byte[] value) {
		return (value == null) ? Timeline.empty() : MAPPER.readValue(value, Timeline.class);
	}

}
