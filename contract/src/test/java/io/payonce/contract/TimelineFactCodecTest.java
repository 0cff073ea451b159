package io.payonce.contract;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TimelineFactCodecTest {

	private static final TimelineFact DUPLICATE_AT_REDIS = new TimelineFact("O-1", Instant.parse("2026-11-30T10:15:30.123Z"),
			"deduct-consumer", "consumer-0", TimelineFact.Step.DELIVERY, "DUPLICATE",
			"4bf92f3577b34da6a3ce929d0e0e4736", Map.of("guard", "redis", "partition", "3", "offset", "17"));

	@Test
	void aFactReadsBackAsItWasWritten() {
		byte[] json = TimelineFactCodec.encode(DUPLICATE_AT_REDIS);

		assertThat(TimelineFactCodec.decode(json)).isEqualTo(DUPLICATE_AT_REDIS);
	}

	@Test
	void aStepFromANewerServiceReadsAsOtherAndKeepsTheRest() {
		String json = TimelineFactCodec.encodeToString(DUPLICATE_AT_REDIS).replace("\"DELIVERY\"", "\"ESCALATED\"");

		TimelineFact read = TimelineFactCodec.decode(json.getBytes(StandardCharsets.UTF_8));

		assertThat(read.step()).isEqualTo(TimelineFact.Step.OTHER);
		assertThat(read.decision()).isEqualTo("DUPLICATE");
		assertThat(read.detail()).containsEntry("guard", "redis");
	}

	@Test
	void aFieldFromANewerServiceIsIgnored() {
		String json = TimelineFactCodec.encodeToString(DUPLICATE_AT_REDIS).replaceFirst("\\{", "{\"region\":\"eu\",");

		assertThat(TimelineFactCodec.decode(json.getBytes(StandardCharsets.UTF_8))).isEqualTo(DUPLICATE_AT_REDIS);
	}

	@Test
	void aFactWithoutItsOrderIsUnreadableAndSaysWhy() {
		String json = TimelineFactCodec.encodeToString(DUPLICATE_AT_REDIS).replace("\"orderNo\":\"O-1\",", "");

		assertThatThrownBy(() -> TimelineFactCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
			.isInstanceOf(UnreadableEventException.class)
			.hasMessageContaining("orderNo");
	}

	@Test
	void aFactWithoutAStepIsUnreadable() {
		String json = TimelineFactCodec.encodeToString(DUPLICATE_AT_REDIS).replace("\"step\":\"DELIVERY\",", "");

		assertThatThrownBy(() -> TimelineFactCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
			.isInstanceOf(UnreadableEventException.class)
			.hasMessageContaining("step");
	}

	@Test
	void missingDecisionAndDetailReadAsEmpty() {
		String json = "{\"orderNo\":\"O-2\",\"at\":\"2026-11-30T10:15:30Z\",\"service\":\"producer-gateway\","
				+ "\"step\":\"CALLBACK\"}";

		TimelineFact read = TimelineFactCodec.decode(json.getBytes(StandardCharsets.UTF_8));

		assertThat(read.decision()).isEmpty();
		assertThat(read.instance()).isEmpty();
		assertThat(read.detail()).isEmpty();
		assertThat(read.traceId()).isNull();
	}

	@Test
	void emptyAndTrailingGarbageAreUnreadable() {
		byte[] trailing = (TimelineFactCodec.encodeToString(DUPLICATE_AT_REDIS) + "}").getBytes(StandardCharsets.UTF_8);

		assertThatThrownBy(() -> TimelineFactCodec.decode(new byte[0])).isInstanceOf(UnreadableEventException.class);
		assertThatThrownBy(() -> TimelineFactCodec.decode(trailing)).isInstanceOf(UnreadableEventException.class);
	}

}
