package io.payonce.gateway.callback.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.gateway.callback.CallbackProperties;
import io.payonce.gateway.callback.domain.CallbackValidator;
import io.payonce.gateway.callback.domain.InvalidCallbackException;
import io.payonce.gateway.callback.domain.PaymentCallback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Table of body cases, from raw bytes to the answer: 400 naming the field, 400 malformed JSON, 413 too large.
 * The HTTP status of each exception is fixed by {@link CallbackProblems}; the IT checks a few end to end.
 */
class CallbackValidationRulesTest {

	/** The gateway's clock: three seconds after the {@code paidAt} of {@link #VALID}. */
	private static final Instant NOW = Instant.parse("2026-09-28T02:00:15Z");

	private static final CallbackValidator VALIDATOR = new CallbackValidator(new BigDecimal("1000000.00"),
			Duration.ofDays(1), Clock.fixed(NOW, ZoneOffset.UTC));

	private static final String VALID = """
			{"payNo":"PN1","orderNo":"P1","userId":10086,"amount":"199.00","currency":"CNY","status":"SUCCESS",\
			"paidAt":"2026-09-28T02:00:12Z"}""";

	private static String with(String field, String json) {
		return with(VALID, field, json);
	}

	private static String with(String body, String field, String json) {
		return body.replaceFirst("\"" + field + "\":(\"[^\"]*\"|[0-9]+)", "\"" + field + "\":" + json);
	}

	/** A valid body in another currency with this amount. */
	private static String in(String currency, String amount) {
		return with(with("currency", "\"" + currency + "\""), "amount", "\"" + amount + "\"");
	}

	private static String without(String field) {
		return VALID.replaceFirst("\"" + field + "\":(\"[^\"]*\"|[0-9]+),?", "").replace(",}", "}");
	}

	static Stream<Arguments> invalidBodies() {
		return Stream.of(
				// description, body, expected status, expected reason, expected first field
				Arguments.of("not JSON", "{\"payNo\":", 400, "malformed_json", null),
				Arguments.of("JSON array", "[]", 400, "malformed_json", null),
				Arguments.of("trailing garbage", VALID + "x", 400, "malformed_json", null),
				Arguments.of("duplicate key", VALID.replace("}", ",\"amount\":\"1.00\"}"), 400, "malformed_json", null),
				Arguments.of("payNo missing", without("payNo"), 400, "invalid_field", "payNo"),
				Arguments.of("payNo with a space", with("payNo", "\"PN 1\""), 400, "invalid_field", "payNo"),
				Arguments.of("payNo 65 chars", with("payNo", "\"" + "P".repeat(65) + "\""), 400, "invalid_field",
						"payNo"),
				Arguments.of("payNo a number", with("payNo", "12"), 400, "invalid_field", "payNo"),
				Arguments.of("orderNo missing", without("orderNo"), 400, "invalid_field", "orderNo"),
				Arguments.of("orderNo with a quote", with("orderNo", "\"P1'--\""), 400, "invalid_field", "orderNo"),
				Arguments.of("userId missing", without("userId"), 400, "invalid_field", "userId"),
				Arguments.of("userId zero", with("userId", "0"), 400, "invalid_field", "userId"),
				Arguments.of("userId negative", with("userId", "-5"), 400, "invalid_field", "userId"),
				Arguments.of("userId fractional", with("userId", "1.5"), 400, "invalid_field", "userId"),
				Arguments.of("userId beyond long", with("userId", "99999999999999999999"), 400, "invalid_field",
						"userId"),
				Arguments.of("amount missing", without("amount"), 400, "invalid_field", "amount"),
				Arguments.of("amount zero", with("amount", "\"0.00\""), 400, "invalid_field", "amount"),
				Arguments.of("amount negative", with("amount", "\"-1.00\""), 400, "invalid_field", "amount"),
				Arguments.of("amount 3 decimals", with("amount", "\"1.005\""), 400, "invalid_field", "amount"),
				Arguments.of("amount above maximum", with("amount", "\"1000000.01\""), 400, "invalid_field",
						"amount"),
				Arguments.of("amount not a number", with("amount", "\"ten\""), 400, "invalid_field", "amount"),
				Arguments.of("amount in exponent form", with("amount", "\"1e2\""), 400, "invalid_field", "amount"),
				Arguments.of("amount a number in exponent form", with("amount", "1e999999999"), 400, "invalid_field",
						"amount"),
				Arguments.of("amount an object", with("amount", "{\"v\":1}"), 400, "invalid_field", "amount"),
				Arguments.of("currency unknown", with("currency", "\"XYZ\""), 400, "invalid_field", "currency"),
				Arguments.of("currency lower case", with("currency", "\"cny\""), 400, "invalid_field", "currency"),
				Arguments.of("currency gold", with("currency", "\"XAU\""), 400, "invalid_field", "currency"),
				Arguments.of("currency silver", with("currency", "\"XAG\""), 400, "invalid_field", "currency"),
				Arguments.of("currency platinum", with("currency", "\"XPT\""), 400, "invalid_field", "currency"),
				Arguments.of("currency palladium", with("currency", "\"XPD\""), 400, "invalid_field", "currency"),
				Arguments.of("currency special drawing rights", with("currency", "\"XDR\""), 400, "invalid_field",
						"currency"),
				Arguments.of("currency testing code", with("currency", "\"XTS\""), 400, "invalid_field", "currency"),
				Arguments.of("currency 'no currency'", with("currency", "\"XXX\""), 400, "invalid_field", "currency"),
				Arguments.of("currency a fund code (Chilean UF)", with("currency", "\"CLF\""), 400, "invalid_field",
						"currency"),
				Arguments.of("currency a fund code (US next day)", with("currency", "\"USN\""), 400,
						"invalid_field", "currency"),
				Arguments.of("JPY with decimals", in("JPY", "199.50"), 400, "invalid_field", "amount"),
				Arguments.of("KRW with one decimal", in("KRW", "1000.5"), 400, "invalid_field", "amount"),
				Arguments.of("BHD with its third decimal", in("BHD", "1.234"), 400, "invalid_field", "amount"),
				Arguments.of("status missing", without("status"), 400, "invalid_field", "status"),
				Arguments.of("status lower case", with("status", "\"success\""), 400, "invalid_field", "status"),
				Arguments.of("paidAt not a time", with("paidAt", "\"yesterday\""), 400, "invalid_field", "paidAt"),
				Arguments.of("paidAt without offset", with("paidAt", "\"2026-09-28T02:00:12\""), 400,
						"invalid_field", "paidAt"),
				Arguments.of("paidAt in the year 10000", with("paidAt", "\"+10000-01-01T00:00:00Z\""), 400,
						"invalid_field", "paidAt"),
				Arguments.of("paidAt in the year 999", with("paidAt", "\"0999-12-31T23:59:59Z\""), 400,
						"invalid_field", "paidAt"),
				Arguments.of("paidAt in the year 1000 locally but 999 in UTC",
						with("paidAt", "\"1000-01-01T00:30:00+01:00\""), 400, "invalid_field", "paidAt"),
				Arguments.of("paidAt more than a day ahead", with("paidAt", "\"2026-09-29T02:00:16Z\""), 400,
						"invalid_field", "paidAt"),
				Arguments.of("body over 16 KiB", with("payNo", "\"PN1\",\"pad\":\"" + "x".repeat(16 * 1024) + "\""), 413,
						"body_too_large", null));
	}

	@ParameterizedTest(name = "{0} -> {2} {3} {4}")
	@MethodSource("invalidBodies")
	void invalidBodyIsRefusedNamingTheField(String description, String body, int status, String reason,
			String field) {
		// given the raw body bytes

		// when read, parsed and validated, and the refusal turned into its answer
		ResponseEntity<ProblemDetail> answer = answer(body.getBytes(StandardCharsets.UTF_8));

		// then
		assertThat(answer.getStatusCode().value()).isEqualTo(status);
		assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		ProblemDetail problem = answer.getBody();
		assertThat(problem).isNotNull();
		assertThat(problem.getProperties()).containsEntry("reason", reason);
		if (field == null) {
			assertThat(problem.getProperties()).doesNotContainKey("field");
		}
		else {
			assertThat(problem.getProperties()).containsEntry("field", field);
			assertThat(problem.getDetail()).startsWith(field + " ");
		}
	}

	/** Runs the body through the same steps as {@link CallbackController}, up to the first refusal. */
	private static ResponseEntity<ProblemDetail> answer(byte[] body) {
		CallbackProblems problems = new CallbackProblems(new CallbackMetrics(new SimpleMeterRegistry()),
				new CallbackProperties(DataSize.ofKilobytes(16), new BigDecimal("1000000.00"), Duration.ofSeconds(5),
						Duration.ofDays(1)));
		try {
			byte[] read = new BoundedBodyReader(DataSize.ofKilobytes(16).toBytes()).read(body.length,
					new ByteArrayInputStream(body));
			CallbackJson.parse(read, VALIDATOR::validate);
		}
		catch (InvalidCallbackException ex) {
			return problems.invalid(ex);
		}
		catch (BodyTooLargeException ex) {
			return problems.tooLarge(ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		throw new AssertionError("body was accepted");
	}

	@Test
	void everyInvalidFieldIsReportedAtOnce() {
		// given a body with three bad fields
		String body = with("currency", "\"XYZ\"").replace("\"userId\":10086", "\"userId\":0")
			.replace("\"payNo\":\"PN1\"", "\"payNo\":\"\"");

		// when / then
		assertThatThrownBy(() -> CallbackJson.parse(body.getBytes(StandardCharsets.UTF_8), VALIDATOR::validate))
			.isInstanceOfSatisfying(InvalidCallbackException.class,
					(ex) -> assertThat(ex.errors()).extracting("field").containsExactly("payNo", "userId", "currency"));
	}

	@Test
	void validBodyBecomesAPaymentCallbackWithExactAmount() {
		// given amount as a JSON number and trailing zeros
		String body = with("amount", "199.5");

		// when
		PaymentCallback callback = CallbackJson.parse(body.getBytes(StandardCharsets.UTF_8), VALIDATOR::validate);

		// then
		assertThat(callback.amount()).isEqualByComparingTo("199.50");
		assertThat(callback.amount().scale()).isEqualTo(2);
		assertThat(callback.userId()).isEqualTo(10086L);
		assertThat(callback.isSuccess()).isTrue();
	}

	static Stream<Arguments> validAmounts() {
		return Stream.of(
				// currency, amount as sent, amount as recorded (always scale 2: the contract and the columns)
				Arguments.of("JPY", "1500", "1500.00"),
				Arguments.of("JPY", "1500.00", "1500.00"),
				Arguments.of("KRW", "990", "990.00"),
				Arguments.of("USD", "19.99", "19.99"),
				Arguments.of("EUR", "19.9", "19.90"),
				Arguments.of("BHD", "1.23", "1.23"),
				Arguments.of("CNY", "1.000", "1.00"));
	}

	@ParameterizedTest(name = "{1} {0} -> {2}")
	@MethodSource("validAmounts")
	void amountFollowsTheMinorUnitOfItsCurrency(String currency, String amount, String recorded) {
		PaymentCallback callback = CallbackJson.parse(in(currency, amount).getBytes(StandardCharsets.UTF_8),
				VALIDATOR::validate);

		assertThat(callback.currency()).isEqualTo(currency);
		assertThat(callback.amount()).isEqualTo(new BigDecimal(recorded));
	}

	@Test
	void amountWithDecimalsInAZeroDecimalCurrencyNamesTheCurrency() {
		assertThatThrownBy(() -> CallbackJson.parse(in("JPY", "0.50").getBytes(StandardCharsets.UTF_8),
				VALIDATOR::validate))
			.isInstanceOfSatisfying(InvalidCallbackException.class, (ex) -> assertThat(ex.errors()).singleElement()
				.satisfies((error) -> assertThat(error.message()).contains("whole number", "JPY")));
	}

	@Test
	void paidAtUpToADayAheadOfTheClockIsAccepted() {
		// a platform that writes its local time (UTC+8) as UTC is eight hours ahead; a day is the allowance
		String body = with("paidAt", "\"" + NOW.plus(Duration.ofDays(1)) + "\"");

		PaymentCallback callback = CallbackJson.parse(body.getBytes(StandardCharsets.UTF_8), VALIDATOR::validate);

		assertThat(callback.paidAt()).isEqualTo(NOW.plus(Duration.ofDays(1)));
	}

	@Test
	void paidAtAtTheEdgesOfTheColumnIsAccepted() {
		for (String paidAt : new String[] { "1000-01-01T00:00:00Z", "2026-01-01T23:59:59.999+00:00" }) {
			PaymentCallback callback = CallbackJson.parse(with("paidAt", "\"" + paidAt + "\"")
				.getBytes(StandardCharsets.UTF_8), VALIDATOR::validate);

			assertThat(callback.paidAt()).isEqualTo(java.time.OffsetDateTime.parse(paidAt).toInstant());
		}
	}

	@Test
	void otherStatusesAreValidButPublishNothing() {
		PaymentCallback callback = CallbackJson.parse(with("status", "\"CLOSED\"").getBytes(StandardCharsets.UTF_8),
				VALIDATOR::validate);

		assertThat(callback.status()).isEqualTo("CLOSED");
		assertThat(callback.isSuccess()).isFalse();
	}

	@Test
	void bodyOverTheLimitIsTooLargeWhetherDeclaredOrStreamed() {
		BoundedBodyReader reader = new BoundedBodyReader(16);
		byte[] seventeen = new byte[17];

		assertThatThrownBy(() -> reader.read(17, new ByteArrayInputStream(seventeen)))
			.isInstanceOf(BodyTooLargeException.class);
		assertThatThrownBy(() -> reader.read(-1, new ByteArrayInputStream(seventeen)))
			.isInstanceOf(BodyTooLargeException.class);
	}

	@Test
	void bodyAtTheLimitIsReadWhole() throws Exception {
		byte[] sixteen = new byte[16];

		assertThat(new BoundedBodyReader(16).read(-1, new ByteArrayInputStream(sixteen))).hasSize(16);
	}

}
