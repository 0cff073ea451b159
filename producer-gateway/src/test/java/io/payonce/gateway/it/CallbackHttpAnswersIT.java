package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.gateway.callback.domain.SignatureVerifier;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTTP answers of DESIGN.md over the wire: status, problem+json, named field, nothing written. */
class CallbackHttpAnswersIT extends GatewayIntegrationTest {

	@Autowired
	MeterRegistry meters;

	@Test
	void unsignedCallbackIs401ProblemAndWritesNothing() {
		String id = newId();

		HttpResponse<String> answer = post(aCallbackBody(id, "1.00").getBytes(StandardCharsets.UTF_8), null);

		assertProblem(answer, 401, "signature_missing");
		assertThat(payments("O-" + id)).isZero();
	}

	@Test
	void callbackSignedWithAnotherSecretIs401AndCountedByReason() {
		String id = newId();
		byte[] body = aCallbackBody(id, "1.00").getBytes(StandardCharsets.UTF_8);
		double before = rejected("signature_mismatch");

		HttpResponse<String> answer = post(body,
				SignatureVerifier.sign("not-our-secret", Instant.now().getEpochSecond(), body));

		assertProblem(answer, 401, "signature_mismatch");
		assertThat(payments("O-" + id)).isZero();
		assertThat(rejected("signature_mismatch")).isEqualTo(before + 1);
	}

	@Test
	void staleSignatureIs401() {
		byte[] body = aCallbackBody(newId(), "1.00").getBytes(StandardCharsets.UTF_8);

		HttpResponse<String> answer = post(body,
				SignatureVerifier.sign(SECRET, Instant.now().minusSeconds(3600).getEpochSecond(), body));

		assertProblem(answer, 401, "signature_stale");
	}

	@Test
	void invalidFieldIs400NamingTheField() {
		String id = newId();

		HttpResponse<String> answer = postSigned(aCallbackBody(id, "1.005"));

		assertProblem(answer, 400, "invalid_field");
		assertThat(answer.body()).contains("\"field\":\"amount\"");
		assertThat(payments("O-" + id)).isZero();
	}

	@Test
	void aCodeThatIsNotMoneyIs400NamingTheCurrency() {
		// given gold, a testing code and a fund code, each a known ISO-4217 code
		for (String code : new String[] { "XAU", "XTS", "CLF" }) {
			String id = newId();

			// when
			HttpResponse<String> answer = postSigned(aCallbackBody(id, "1.00").replace("\"CNY\"", "\"" + code + "\""));

			// then
			assertProblem(answer, 400, "invalid_field");
			assertThat(answer.body()).as(code).contains("\"field\":\"currency\"");
			assertThat(payments("O-" + id)).isZero();
		}
	}

	@Test
	void decimalsInACurrencyWithoutMinorUnitAre400NamingTheAmount() {
		String id = newId();

		HttpResponse<String> answer = postSigned(aCallbackBody(id, "1500.50").replace("\"CNY\"", "\"JPY\""));

		assertProblem(answer, 400, "invalid_field");
		assertThat(answer.body()).contains("\"field\":\"amount\"", "JPY");
		assertThat(payments("O-" + id)).isZero();
	}

	@Test
	void wholeYenAreAcceptedAndRecordedWithTheColumnsTwoDecimals() {
		String id = newId();

		HttpResponse<String> answer = postSigned(aCallbackBody(id, "1500").replace("\"CNY\"", "\"JPY\""));

		assertThat(answer.body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(this.jdbc.sql("SELECT CONCAT(amount, ' ', currency) FROM t_payment WHERE order_no = ?")
			.params("O-" + id)
			.query(String.class)
			.single()).isEqualTo("1500.00 JPY");
	}

	@Test
	void paidAtTheColumnCannotHoldIs400NotA500() {
		// given instants a DATETIME(3) column does not hold: before the year 1000, after 9999
		for (String paidAt : new String[] { "+10000-01-01T00:00:00Z", "0999-12-31T23:59:59Z" }) {
			String id = newId();

			// when
			HttpResponse<String> answer = postSigned(
					aCallbackBody(id, "1.00").replace("2026-09-28T02:00:12Z", paidAt));

			// then the platform is told what is wrong, not asked to retry forever
			assertProblem(answer, 400, "invalid_field");
			assertThat(answer.body()).as(paidAt).contains("\"field\":\"paidAt\"");
			assertThat(payments("O-" + id)).isZero();
		}
	}

	@Test
	void paidAtMoreThanADayAheadIs400() {
		String id = newId();
		String tomorrowAndAMinute = Instant.now().plus(java.time.Duration.ofDays(1)).plusSeconds(60).toString();

		HttpResponse<String> answer = postSigned(
				aCallbackBody(id, "1.00").replace("2026-09-28T02:00:12Z", tomorrowAndAMinute));

		assertProblem(answer, 400, "invalid_field");
		assertThat(answer.body()).contains("\"field\":\"paidAt\"", "ahead of the gateway");
		assertThat(payments("O-" + id)).isZero();
	}

	@Test
	void malformedJsonIs400() {
		assertProblem(postSigned("{\"payNo\":"), 400, "malformed_json");
	}

	@Test
	void bodyOverTheLimitIs413() {
		String body = aCallbackBody(newId(), "1.00").replace("}", ",\"pad\":\"" + "x".repeat(17 * 1024) + "\"}");

		assertProblem(postSigned(body), 413, "body_too_large");
	}

	@Test
	void lookupShowsWhatTheGatewayKnows() {
		// given a payment and one duplicate
		String id = newId();
		postSigned(aCallbackBody(id, "12.30"));
		postSigned(aCallbackBody(id, "12.30"));

		// when
		HttpResponse<String> answer = lookup("O-" + id);

		// then
		assertThat(answer.statusCode()).isEqualTo(200);
		String eventId = this.jdbc.sql("SELECT id FROM t_outbox WHERE aggregateid = ?")
			.params("O-" + id)
			.query(String.class)
			.single();
		assertThat(answer.body()).contains("\"status\":\"SUCCESS\"", "\"amount\":\"12.30\"",
				"\"duplicateCallbacks\":1", "\"eventId\":\"" + eventId + "\"", "\"receivedAt\":",
				"\"secondPayments\":[]");
	}

	@Test
	void lookupOfUnknownOrderIs404Problem() {
		assertProblem(lookup("O-" + newId()), 404, "not_found");
	}

	@Test
	void lookupWithoutCredentialsIs401() {
		// given a payment that exists
		String id = newId();
		postSigned(aCallbackBody(id, "3.00"));

		// then nobody without an ops user learns anything about it
		HttpResponse<String> answer = get(this.lookup.port(), "/api/v1/payments/O-" + id, null, null);
		assertThat(answer.statusCode()).isEqualTo(401);
		assertThat(answer.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
				(challenge) -> assertThat(challenge).startsWith("Basic"));
		assertThat(answer.body()).doesNotContain("3.00");
		assertThat(get(this.lookup.port(), "/api/v1/payments/O-" + id, "viewer", "wrong").statusCode()).isEqualTo(401);
	}

	@Test
	void lookupIsNotOnTheCallbackPortNorTheCallbackOnTheLookupPort() {
		String id = newId();
		postSigned(aCallbackBody(id, "3.00"));

		// the callback port knows no lookup, even for an ops user: its threads and connections are the callbacks'
		assertThat(get(this.port, "/api/v1/payments/O-" + id, "viewer", "viewer-local").statusCode()).isEqualTo(404);
		assertThat(get(this.port, "/api/v1/payments/O-" + id, null, null).statusCode()).isEqualTo(404);
		// and the lookup port takes no callback
		assertThat(postTo(this.lookup.port(), aCallbackBody(newId(), "1.00")).statusCode()).isEqualTo(404);
		assertThat(this.lookup.port()).isNotIn(this.port, this.managementPort);
	}

	@Test
	void actuatorIsOnlyOnTheManagementPort() {
		assertThat(get(this.port, "/actuator/health", null, null).statusCode()).isEqualTo(404);
		assertThat(get(this.port, "/actuator/prometheus", null, null).statusCode()).isEqualTo(404);
		assertThat(get(this.lookup.port(), "/actuator/health", null, null).statusCode()).isEqualTo(404);
		assertThat(get(this.managementPort, "/actuator/health/readiness", null, null).statusCode()).isEqualTo(200);
		// the database's state and its errors only to an ops user
		assertThat(get(this.managementPort, "/actuator/health", null, null).body()).doesNotContain("components");
		assertThat(get(this.managementPort, "/actuator/health", "viewer", "viewer-local").body()).contains("\"db\"");
	}

	@Test
	void aCallbackIsTimedWithoutALongTaskTimer() {
		// given a callback answered
		assertThat(postSigned(aCallbackBody(newId(), "2.00")).body()).isEqualTo("{\"result\":\"ACCEPTED\"}");

		// then its request timer exists, and no long-task timer of requests in flight was registered for it
		// (management.metrics.observations.ignored-meters: one meter fewer looked up and started per callback)
		assertThat(this.meters.find("http.server.requests").tag("uri", "/api/v1/callbacks/pay").timer()).isNotNull();
		assertThat(this.meters.find("http.server.requests.active").longTaskTimers()).isEmpty();
	}

	@Test
	void nonSuccessStatusIsRecordedWithoutEvent() {
		String id = newId();

		HttpResponse<String> answer = postSigned(aCallbackBody(id, "5.00").replace("SUCCESS", "CLOSED"));

		assertThat(answer.body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(payments("O-" + id)).isEqualTo(1);
		assertThat(outboxEvents("O-" + id)).isZero();
	}

	private double rejected(String reason) {
		Counter counter = this.meters.find("payonce.gateway.callbacks")
			.tags("result", "rejected", "reason", reason)
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

	private static void assertProblem(HttpResponse<String> answer, int status, String reason) {
		assertThat(answer.statusCode()).isEqualTo(status);
		assertThat(answer.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(answer.body()).contains("\"reason\":\"" + reason + "\"", "\"status\":" + status);
	}

}
