package io.payonce.gateway.callback.domain;

import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each of {@link TextShapes}' checks accepts exactly what its regular expression (the rule as the README states it)
 * matches: over generated texts near the rule's edges (lengths around each bound, characters just inside and outside
 * each class) and over the edge cases by hand.
 */
class TextShapesMatchTheirExpressionsTest {

	private static final String ALPHABET = "09AZaz_-.+ /:@[`{\u0660\u00e9\n19Ss";

	static Stream<Arguments> rules() {
		return Stream.of(
				Arguments.of("[A-Za-z0-9_-]{1,64}", (Predicate<String>) TextShapes::isBusinessNo, "AZaz09_-"),
				Arguments.of("[1-9][0-9]{0,18}", (Predicate<String>) TextShapes::isUserId, "0123456789"),
				Arguments.of("-?[0-9]{1,20}(\\.[0-9]{1,20})?", (Predicate<String>) TextShapes::isPlainDecimal,
						"0123456789.-"),
				Arguments.of("[A-Z][A-Z_]{0,31}", (Predicate<String>) TextShapes::isStatus, "AZS_"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("rules")
	void theCheckAcceptsWhatTheExpressionMatches(String expression, Predicate<String> check, String inside) {
		Pattern pattern = Pattern.compile(expression);
		Random random = new Random(expression.hashCode());
		int accepted = 0;
		for (int i = 0; i < 200_000; i++) {
			String text = text(random, inside);
			boolean expected = pattern.matcher(text).matches();
			assertThat(check.test(text)).as("%s on \"%s\"", expression, text).isEqualTo(expected);
			accepted += expected ? 1 : 0;
		}
		for (String edge : new String[] { "", "-", ".", "-.", "0", "00", "1.", ".1", "-0.0", "1.2.3", "_", "A_",
				"_A", "1".repeat(19), "1".repeat(20), "9".repeat(20) + "." + "9".repeat(20), "1".repeat(21),
				"a".repeat(64), "a".repeat(65), "A".repeat(32), "A".repeat(33), "SUCCESS", "PN-1", "\u0661" }) {
			assertThat(check.test(edge)).as("%s on \"%s\"", expression, edge)
				.isEqualTo(pattern.matcher(edge).matches());
		}
		assertThat(accepted).as("generated texts the rule accepts").isGreaterThan(10_000);
	}

	/** Mostly characters the rule takes, sometimes one from outside; lengths around every bound of these rules. */
	private static String text(Random random, String inside) {
		int length = random.nextInt(4) == 0 ? random.nextInt(70) : random.nextInt(1, 24);
		StringBuilder text = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			String from = random.nextInt(30) == 0 ? ALPHABET : inside;
			text.append(from.charAt(random.nextInt(from.length())));
		}
		return text.toString();
	}

}
