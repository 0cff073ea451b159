package io.payonce.reconciliation.it;

import java.net.http.HttpResponse;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /api/v1/orders/{orderNo}} (issue 21, the replay dry run's facts): the order and its payer's account as
 * the real MariaDB holds them now, read as the reconciliation's own database user; a viewer may read it, nobody
 * anonymous; an unknown order is a 404 problem naming it.
 */
class AnOrderIsReadAsTheTradeSchemaHoldsItIT extends ReconciliationITSupport {

	@Test
	void anOrderIsAnsweredWithItsStateAndItsPayersBalance() throws Exception {
		// given an INIT order of 199.00 CNY whose payer holds 10.00 CNY, and a PAID one of a user without account
		long user = ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
		String unpaid = "IT-ORD-" + user;
		String paid = "IT-ORD-P-" + user;
		this.trade.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, 10.00, 'CNY')", user);
		this.trade.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, 199.00, 'CNY',"
				+ " 'INIT')", unpaid, user);
		this.trade.update("INSERT INTO t_order (order_no, user_id, amount, currency, status, pay_no) VALUES (?, ?, 5.00,"
				+ " 'USD', 'PAID', ?)", paid, user + 1, "PAY-" + user);

		// when a viewer asks for both, and nobody asks without credentials
		HttpResponse<String> order = get("/api/v1/orders/" + unpaid, "viewer", "viewer-local");
		HttpResponse<String> other = get("/api/v1/orders/" + paid, "viewer", "viewer-local");
		int anonymous = get("/api/v1/orders/" + unpaid, null, null).statusCode();

		// then each is the order as stored, with the account or null
		assertThat(order.statusCode()).as(order.body()).isEqualTo(200);
		assertThat(order.body()).contains("\"orderNo\":\"" + unpaid + "\"", "\"status\":\"INIT\"",
				"\"userId\":" + user, "\"amount\":199.00", "\"currency\":\"CNY\"", "\"payNo\":null",
				"\"account\":{\"balance\":10.00,\"currency\":\"CNY\",\"frozen\":false}");
		assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
		assertThat(other.body()).contains("\"status\":\"PAID\"", "\"payNo\":\"PAY-" + user + "\"", "\"account\":null");
		assertThat(anonymous).isEqualTo(401);

		// and once the payer's deductions are frozen, the account says so (the replay forecast's "would wait")
		this.trade.update("INSERT INTO t_account_freeze (user_id, status, version, changed_by, changed_at, reason)"
				+ " VALUES (?, 'FROZEN', 1, 'it', NOW(3), 'INC-7')", user);
		assertThat(get("/api/v1/orders/" + unpaid, "viewer", "viewer-local").body())
			.contains("\"account\":{\"balance\":10.00,\"currency\":\"CNY\",\"frozen\":true}");
	}

	@Test
	void anUnknownOrderIsANotFoundProblemNamingIt() throws Exception {
		String orderNo = "IT-ORD-NONE-" + ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);

		HttpResponse<String> answer = get("/api/v1/orders/" + orderNo, "admin", "admin-local");

		assertThat(answer.statusCode()).isEqualTo(404);
		assertThat(answer.headers().firstValue("Content-Type"))
			.hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
		assertThat(answer.body()).contains(orderNo, "\"field\":\"orderNo\"");
	}

}
