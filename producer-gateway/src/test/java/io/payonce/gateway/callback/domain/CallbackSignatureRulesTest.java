package io.payonce.gateway.callback.domain;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Table of signature cases: which requests pass and why each other one is refused. */
class CallbackSignatureRulesTest {

	private static final String CURRENT = "current-secret";

	private static final String PREVIOUS = "previous-secret";

	private static final long NOW = 1_790_000_000L;

	private static final byte[] BODY = """
			{"payNo":"PN1","orderNo":"P1","userId":10086,"amount":"199.00","currency":"CNY","status":"SUCCESS",\
			"paidAt":"2026-09-28T02:00:12Z"}""".getBytes(StandardCharsets.UTF_8);

	private final SignatureVerifier verifier = new SignatureVerifier(List.of(CURRENT, PREVIOUS),
			Duration.ofSeconds(300), Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

	static Stream<Arguments> cases() {
		String valid = SignatureVerifier.sign(CURRENT, NOW, BODY);
		String v1OfOther = SignatureVerifier.sign("attacker-secret", NOW, BODY).split(",")[1];
		byte[] changed = BODY.clone();
		changed[BODY.length / 2] ^= 0x01; // one bit of one byte
		return Stream.of(
				// header, body, expected rejection (null = accepted)
				Arguments.of("valid, current secret", valid, BODY, null),
				Arguments.of("valid, signed with the previous secret during rotation",
						SignatureVerifier.sign(PREVIOUS, NOW, BODY), BODY, null),
				Arguments.of("several v1, one of them right", "t=" + NOW + "," + v1OfOther + ","
						+ valid.split(",")[1], BODY, null),
				Arguments.of("unknown scheme ignored", valid + ",v0=abc", BODY, null),
				Arguments.of("at the edge of the window", SignatureVerifier.sign(CURRENT, NOW - 300, BODY), BODY,
						null),
				Arguments.of("missing header", null, BODY, SignatureRejection.MISSING),
				Arguments.of("blank header", " ", BODY, SignatureRejection.MISSING),
				Arguments.of("no t", valid.split(",")[1], BODY, SignatureRejection.MALFORMED),
				Arguments.of("no v1", "t=" + NOW, BODY, SignatureRejection.MALFORMED),
				Arguments.of("t not a number", valid.replace("t=" + NOW, "t=yesterday"), BODY,
						SignatureRejection.MALFORMED),
				Arguments.of("two t", "t=" + NOW + "," + valid, BODY, SignatureRejection.MALFORMED),
				Arguments.of("v1 not hex", "t=" + NOW + ",v1=" + "z".repeat(64), BODY, SignatureRejection.MALFORMED),
				Arguments.of("v1 truncated", valid.substring(0, valid.length() - 2), BODY,
						SignatureRejection.MALFORMED),
				Arguments.of("not key=value", "garbage", BODY, SignatureRejection.MALFORMED),
				Arguments.of("retired secret", SignatureVerifier.sign("retired-secret", NOW, BODY), BODY,
						SignatureRejection.MISMATCH),
				Arguments.of("body changed by one byte", valid, changed, SignatureRejection.MISMATCH),
				Arguments.of("timestamp changed after signing", valid.replace("t=" + NOW, "t=" + (NOW + 1)), BODY,
						SignatureRejection.MISMATCH),
				Arguments.of("stale: signed 301 s ago", SignatureVerifier.sign(CURRENT, NOW - 301, BODY), BODY,
						SignatureRejection.STALE),
				Arguments.of("future: signed 301 s ahead", SignatureVerifier.sign(CURRENT, NOW + 301, BODY), BODY,
						SignatureRejection.FUTURE));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("cases")
	void signatureIsAcceptedOrRefusedForItsReason(String description, String header, byte[] body,
			SignatureRejection expected) {
		// given a verifier with two active secrets and a fixed clock (in the fields)
		if (expected == null) {
			// when / then
			assertThatCode(() -> this.verifier.verify(header, body)).doesNotThrowAnyException();
		}
		else {
			assertThatThrownBy(() -> this.verifier.verify(header, body))
				.isInstanceOfSatisfying(SignatureRejectedException.class,
						(ex) -> assertThat(ex.rejection()).isEqualTo(expected))
				.message()
				.doesNotContain(CURRENT)
				.doesNotContain(PREVIOUS);
		}
	}

	@Test
	void verifierNeverPrintsItsSecrets() {
		assertThat(this.verifier.toString())
			.doesNotContain(CURRENT)
			.doesNotContain(PREVIOUS);
	}

}
