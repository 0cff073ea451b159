package io.payonce.gateway.callback.domain;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link IsoOffsetInstant} accepts, refuses and returns exactly what {@link OffsetDateTime#parse(CharSequence)} does:
 * the rule {@code paidAt} has always had. Its cheap path must only ever read texts the JDK reads, to the same instant.
 */
class PaidAtReadsAsTheJdkReadsItTest {

	private static final char[] NOISE = "0123456789-+:.TZtz 9x\u0661".toCharArray();

	static Stream<String> edges() {
		return Stream.of("2026-09-28T02:00:12Z", "2026-09-28T10:00:12+08:00", "2026-09-28T02:00:12.5Z",
				"2026-09-28T02:00:12.123456789Z", "2026-09-28T02:00:12.1234567891Z", "2026-09-28T02:00:12.Z",
				"2026-09-27T20:00:12-06:00", "2026-09-28T02:00:12-00:00", "2026-09-28T02:00:12+18:00",
				"2026-09-28T02:00:12-18:00", "2026-09-28T02:00:12+18:01", "2026-09-28T02:00:12+19:00",
				"2026-09-28T02:00:12+05:60", "2026-09-28T02:00:12+05:30:15", "2026-09-28T02:00:12+0530",
				"2026-09-28T02:00:12+05", "2026-09-28t02:00:12z", "2026-09-28T02:00Z", "2026-09-28 02:00:12Z",
				"2026-09-28T24:00:00Z", "2026-09-28T23:59:60Z", "2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z",
				"2000-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
				"2026-00-01T00:00:00Z", "2026-01-00T00:00:00Z", "0000-01-01T00:00:00Z", "0999-12-31T23:59:59Z",
				"9999-12-31T23:59:59.999999999-18:00", "+10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z",
				"2026-09-28T02:00:12", "2026-09-28T02:00:12ZZ", "", "Z", "2026-9-28T02:00:12Z",
				"2026-09-28T02:00:1\u0662Z", "2026-09-28T02:00:12.+08:00", " 2026-09-28T02:00:12Z");
	}

	@ParameterizedTest
	@MethodSource("edges")
	void anEdgeCaseIsReadAsTheJdkReadsIt(String text) {
		assertSameAsTheJdk(text);
	}

	@Test
	void generatedAndMutatedInstantsAreReadAsTheJdkReadsThem() {
		// given texts in every shape the common path takes, and each with one character changed, removed or added
		Random random = new Random(19);
		List<String> texts = new ArrayList<>();
		for (int i = 0; i < 20_000; i++) {
			Instant instant = Instant.ofEpochSecond(random.nextLong(-30_000_000_000L, 253_402_300_800L),
					random.nextInt(1_000_000_000));
			ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
			String text = OffsetDateTime.ofInstant(instant, offset).toString();
			texts.add(text);
			texts.add(mutated(text, random));
		}
		long common = texts.stream().filter((text) -> IsoOffsetInstant.common(text) != null).count();
		// when / then
		texts.forEach(PaidAtReadsAsTheJdkReadsItTest::assertSameAsTheJdk);
		assertThat(common).as("texts read by the cheap path").isGreaterThan(20_000);
	}

	@Test
	void theCommonShapeTakesTheCheapPath() {
		assertThat(IsoOffsetInstant.common("2026-09-28T02:00:12Z")).isEqualTo(Instant.parse("2026-09-28T02:00:12Z"));
		assertThat(IsoOffsetInstant.common("2026-09-28T10:00:12.345+08:00"))
			.isEqualTo(Instant.parse("2026-09-28T02:00:12.345Z"));
	}

	private static String mutated(String text, Random random) {
		StringBuilder mutated = new StringBuilder(text);
		int at = random.nextInt(text.length());
		char noise = NOISE[random.nextInt(NOISE.length)];
		switch (random.nextInt(3)) {
			case 0 -> mutated.setCharAt(at, noise);
			case 1 -> mutated.deleteCharAt(at);
			default -> mutated.insert(at, noise);
		}
		return mutated.toString();
	}

	private static void assertSameAsTheJdk(String text) {
		Instant jdk;
		try {
			jdk = OffsetDateTime.parse(text).toInstant();
		}
		catch (DateTimeParseException ex) {
			assertThat(IsoOffsetInstant.common(text)).as("cheap path of %s", text).isNull();
			assertThatThrownBy(() -> IsoOffsetInstant.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
			return;
		}
		Instant common = IsoOffsetInstant.common(text);
		if (common != null) {
			assertThat(common).as("cheap path of %s", text).isEqualTo(jdk);
		}
		assertThat(IsoOffsetInstant.parse(text)).as(text).isEqualTo(jdk);
	}

}
