package io.payonce.ops.timeline;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFact.Step;
import io.payonce.contract.TimelineFactCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The publisher's writer produces exactly the codec's bytes (the format's definition), so a reader cannot tell which
 * one wrote a fact: the same JSON for every kind of fact, text that needs escaping, every precision of time, no
 * trace, no detail.
 */
class TimelineFactWriterTest {

	private static final Instant AT = Instant.parse("2026-12-01T06:30:15.123Z");

	@Test
	void aDeliveryFactIsWrittenAsTheCodecWritesIt() {
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put("topic", "pay.success");
		detail.put("partition", "3");
		detail.put("offset", "42");
		detail.put("attempt", "1");
		detail.put("payNo", "PN20261201001");
		detail.put("amount", "199.00");
		detail.put("currency", "CNY");
		detail.put("guard", "redis");
		TimelineFact fact = new TimelineFact("P20261201001", AT, "deduct-consumer", "consumer-0", Step.DELIVERY,
				"DUPLICATE", "4bf92f3577b34da6a3ce929d0e0e4736", detail);

		assertThat(TimelineFactWriter.encode(fact)).isEqualTo(TimelineFactCodec.encode(fact));
		assertThat(TimelineFactCodec.decode(TimelineFactWriter.encode(fact))).isEqualTo(fact);
	}

	@ParameterizedTest
	@ValueSource(strings = { "1970-01-01T00:00:00Z", "2026-12-01T06:30:15Z", "2026-12-01T06:30:15.100Z",
			"2026-12-01T06:30:15.120Z", "2026-12-01T06:30:15.123456Z", "2026-12-01T06:30:15.000000001Z",
			"2026-12-01T06:30:15.123456789Z" })
	void everyPrecisionOfTheTimeIsWrittenAsTheCodecWritesIt(String at) {
		TimelineFact fact = new TimelineFact("O-1", Instant.parse(at), "outbox-relay", "relay-1", Step.RELAYED, "",
				null, Map.of());

		assertThat(TimelineFactWriter.encode(fact)).isEqualTo(TimelineFactCodec.encode(fact));
	}

	@Test
	void textThatNeedsEscapingAndAbsentFieldsAreWrittenAsTheCodecWritesThem() {
		TimelineFact fact = new TimelineFact("O-\"1\"\\é\u0001\t\n</\u2028\uD83D\uDE00", AT, "producer-gateway", null,
				Step.CALLBACK, null, null, Map.of("why", "quote \" backslash \\ control \u001F", "", "empty key",
						"unicode", "\u4E2D\u6587"));

		assertThat(TimelineFactWriter.encode(fact)).isEqualTo(TimelineFactCodec.encode(fact));
	}

	@Test
	void randomFactsOfEveryStepAreWrittenAsTheCodecWritesThem() {
		Random random = new Random(19);
		for (int n = 0; n < 2_000; n++) {
			Map<String, String> detail = new LinkedHashMap<>();
			int entries = random.nextInt(12);
			for (int e = 0; e < entries; e++) {
				detail.put(text(random), text(random));
			}
			TimelineFact fact = new TimelineFact(text(random),
					Instant.ofEpochSecond(random.nextInt(2_000_000_000), random.nextInt(1_000_000_000)), text(random),
					random.nextBoolean() ? text(random) : null, Step.values()[random.nextInt(Step.values().length)],
					random.nextBoolean() ? text(random) : null, random.nextBoolean() ? text(random) : null, detail);

			assertThat(TimelineFactWriter.encode(fact)).as("fact %s", fact).isEqualTo(TimelineFactCodec.encode(fact));
		}
	}

	/** Up to 20 characters from ASCII, controls, Latin-1, CJK and surrogate pairs. */
	private static String text(Random random) {
		StringBuilder text = new StringBuilder();
		int length = random.nextInt(21);
		for (int i = 0; i < length; i++) {
			switch (random.nextInt(5)) {
				case 0 -> text.append((char) random.nextInt(0x20));
				case 1 -> text.append((char) (0xA0 + random.nextInt(0x60)));
				case 2 -> text.append((char) (0x4E00 + random.nextInt(0x500)));
				case 3 -> text.appendCodePoint(0x1F600 + random.nextInt(0x40));
				default -> text.append((char) (0x20 + random.nextInt(0x5F)));
			}
		}
		return text.toString();
	}

}
