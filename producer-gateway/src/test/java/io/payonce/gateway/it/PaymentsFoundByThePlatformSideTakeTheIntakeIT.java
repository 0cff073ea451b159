package io.payonce.gateway.it;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repair door of the platform side ({@code POST /api/v1/payments/repairs} on the lookup port): a payment found
 * by active query or on the statement takes the callback's path, so it is recorded once with its source and one
 * event, whatever else brings it in again; only an ADMIN may use it, and bad input gets a precise 400.
 */
class PaymentsFoundByThePlatformSideTakeTheIntakeIT extends GatewayIntegrationTest {

	@Test
	void paymentFoundByQueryIsRecordedOnceWithItsSourceAndOneEvent() {
		// given: an order whose callback never came
		String id = newId();
		String body = aCallbackBody(id, "199.00");

		// when: active query finds it, a second instance finds it too, then the late callback arrives
		HttpResponse<String> found = repair("source=QUERY&reference=active-query", body, "admin", "admin-local");
		HttpResponse<String> foundAgain = repair("source=QUERY&reference=active-query", body, "admin", "admin-local");
		HttpResponse<String> lateCallback = postSigned(body);

		// then: one row marked QUERY, one event; the others were the same payment again
		assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
		assertThat(found.body()).contains("\"result\":\"ACCEPTED\"").contains("\"published\":true");
		assertThat(foundAgain.body()).contains("\"result\":\"DUPLICATE\"");
		assertThat(lateCallback.body()).contains("\"result\":\"DUPLICATE\"");
		assertThat(payments("O-" + id)).isEqualTo(1);
		assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		assertThat(source("N-" + id)).isEqualTo("QUERY");
	}

	@Test
	void secondChargeFoundOnTheStatementIsOwedBack() {
		// given: the order's payment came by callback
		String id = newId();
		assertThat(postSigned(aCallbackBody(id, "199.00")).body()).contains("ACCEPTED");
		String second = aCallbackBody(id, "199.00").replace("\"N-" + id, "\"N2-" + id);

		// when: the statement shows a second charge whose callback was lost
		HttpResponse<String> found = repair("source=STATEMENT&reference=sha-abc", second, "admin", "admin-local");

		// then: its own row marked STATEMENT and a DuplicatePayment to the refund list
		assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
		assertThat(found.body()).contains("\"result\":\"DUPLICATE_PAYMENT\"").contains("\"firstPayNo\":\"N-" + id + "\"");
		assertThat(source("N2-" + id)).isEqualTo("STATEMENT");
		assertThat(this.jdbc.sql("SELECT COUNT(*) FROM t_outbox WHERE aggregateid = ? AND type = 'DuplicatePayment'")
			.params("O-" + id)
			.query(Long.class)
			.single()).isEqualTo(1);
	}

	@Test
	void onlyAnAdminMayRepairAndBadInputIsNamed() {
		String id = newId();
		String body = aCallbackBody(id, "199.00");

		assertThat(repair("source=QUERY", body, null, null).statusCode()).isEqualTo(401);
		assertThat(repair("source=QUERY", body, "viewer", "viewer-local").statusCode()).isEqualTo(403);
		HttpResponse<String> badSource = repair("source=CALLBACK", body, "admin", "admin-local");
		assertThat(badSource.statusCode()).isEqualTo(400);
		assertThat(badSource.body()).contains("\"field\":\"source\"");
		HttpResponse<String> badAmount = repair("source=QUERY", aCallbackBody(id, "1.001"), "admin", "admin-local");
		assertThat(badAmount.statusCode()).isEqualTo(400);
		assertThat(badAmount.body()).contains("\"field\":\"amount\"");
		assertThat(payments("O-" + id)).isZero();
	}

	@Test
	void dayListingHoldsEveryPaymentOfTheUtcDay() {
		// given: a payment paid on a day of its own
		String id = newId();
		String body = aCallbackBody(id, "12.50").replace("2026-09-28T02:00:12Z", "1999-03-04T23:59:59Z");
		assertThat(postSigned(body).body()).contains("ACCEPTED");

		// when
		HttpResponse<String> day = get(this.lookup.port(), "/api/v1/payments/days/1999-03-04", "viewer", "viewer-local");
		HttpResponse<String> nextDay = get(this.lookup.port(), "/api/v1/payments/days/1999-03-05", "viewer",
				"viewer-local");

		// then
		assertThat(day.statusCode()).isEqualTo(200);
		assertThat(day.body()).contains("\"payNo\":\"N-" + id + "\"").contains("\"source\":\"CALLBACK\"")
			.contains("\"kind\":\"PRIMARY\"");
		assertThat(nextDay.body()).doesNotContain("N-" + id);
		assertThat(get(this.lookup.port(), "/api/v1/payments/days/1999-13-01", "viewer", "viewer-local").statusCode())
			.isEqualTo(400);
	}

	private String source(String payNo) {
		return this.jdbc.sql("SELECT source FROM t_payment WHERE pay_no = ?").params(payNo).query(String.class).single();
	}

}
