package io.payonce.reconciliation.it;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Money enters an account only through the ledger (issue 21): a top-up through the ops API is a TOP_UP flow, a
 * credit and an audit row, once per reference, ADMIN only; the ledger audit of the day then balances; and the
 * audit's parameters are answered with a 400 naming the parameter, the same for VIEWER and ADMIN. On the real
 * MariaDB, as the reconciliation's own database user.
 */
class TopUpIsAnAuditedLedgerOperationIT extends ReconciliationITSupport {

	@Test
	void anAdminTopUpCreditsOnceIsAuditedAndTheAuditOfTheDayBalances() throws Exception {
		// given an empty CNY account
		long user = ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
		this.trade.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, 0, 'CNY')", user);
		String reference = "IT-TU-" + user;
		String body = "{\"userId\":" + user + ",\"amount\":\"500.00\",\"currency\":\"CNY\",\"reference\":\""
				+ reference + "\",\"reason\":\"first hour\"}";

		// when nobody, a viewer, then an admin twice ask for it
		int anonymous = post("/api/v1/top-ups", body, null, null).statusCode();
		int viewer = post("/api/v1/top-ups", body, "viewer", "viewer-local").statusCode();
		HttpResponse<String> first = post("/api/v1/top-ups", body, "admin", "admin-local");
		HttpResponse<String> again = post("/api/v1/top-ups", body, "admin", "admin-local");

		// then the money came once, as a flow, with an audit row per admin request
		assertThat(anonymous).isEqualTo(401);
		assertThat(viewer).isEqualTo(403);
		assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
		assertThat(first.body()).contains("\"outcome\":\"TOPPED_UP\"", "\"balance\":500.00");
		assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
		assertThat(again.body()).contains("\"outcome\":\"ALREADY_TOPPED_UP\"");
		assertThat(this.trade.queryForObject("SELECT balance FROM t_account WHERE user_id = ?", BigDecimal.class, user))
			.isEqualByComparingTo("500.00");
		assertThat(this.trade.queryForList("SELECT amount FROM t_account_flow WHERE biz_no = ? AND type = 'TOP_UP'",
				BigDecimal.class, reference)).singleElement().satisfies(a -> assertThat(a).isEqualByComparingTo("500.00"));
		assertThat(this.trade.queryForList("SELECT outcome FROM t_top_up_audit WHERE reference = ? AND operator = 'admin'",
				String.class, reference)).containsExactly("TOPPED_UP", "ALREADY_TOPPED_UP");

		// and the audit of today, asked with dates only, counts it and finds nothing on this account
		String today = LocalDate.now(ZoneOffset.UTC).toString();
		HttpResponse<String> audit = get("/api/v1/audits?from=" + today + "&to=" + today, "viewer", "viewer-local");
		assertThat(audit.statusCode()).as(audit.body()).isEqualTo(200);
		assertThat(audit.body()).contains("## Totals", "| top-ups |").doesNotContain("| " + user + " |");
		HttpResponse<String> csv = get("/api/v1/audits?format=csv&from=" + today + "&to=" + today, "viewer",
				"viewer-local");
		assertThat(csv.body()).contains("ACCOUNT," + user + ",BALANCED," + user + ",,,0.00,500.00,500.00,500.00,0.00");
	}

	@Test
	void aTopUpOfAnAccountThatIsNotThereOrInAnotherCurrencyOrMalformedIsRefusedNamingWhy() throws Exception {
		long user = ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
		this.trade.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, 0, 'CNY')", user);

		HttpResponse<String> missing = post("/api/v1/top-ups", "{\"userId\":" + (user + 1)
				+ ",\"amount\":\"1.00\",\"currency\":\"CNY\",\"reference\":\"IT-M-" + user + "\",\"reason\":\"x\"}",
				"admin", "admin-local");
		HttpResponse<String> currency = post("/api/v1/top-ups", "{\"userId\":" + user
				+ ",\"amount\":\"1.00\",\"currency\":\"USD\",\"reference\":\"IT-C-" + user + "\",\"reason\":\"x\"}",
				"admin", "admin-local");
		HttpResponse<String> decimals = post("/api/v1/top-ups", "{\"userId\":" + user
				+ ",\"amount\":\"1.005\",\"currency\":\"CNY\",\"reference\":\"IT-D-" + user + "\",\"reason\":\"x\"}",
				"admin", "admin-local");
		HttpResponse<String> unreadable = post("/api/v1/top-ups", "{\"userId\":" + user + ",\"amount\":\"lots\"}",
				"admin", "admin-local");

		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.body()).contains("ACCOUNT_NOT_FOUND");
		assertThat(currency.statusCode()).isEqualTo(409);
		assertThat(currency.body()).contains("CURRENCY_MISMATCH", "holds CNY");
		assertThat(decimals.statusCode()).isEqualTo(400);
		assertThat(decimals.headers().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/problem+json"));
		assertThat(decimals.body()).contains("\"field\":\"amount\"");
		assertThat(unreadable.statusCode()).isEqualTo(400);
		assertThat(unreadable.body()).contains("\"field\":\"body\"");
		assertThat(this.trade.queryForObject("SELECT balance FROM t_account WHERE user_id = ?", BigDecimal.class, user))
			.isEqualByComparingTo("0.00");
	}

	@Test
	void theAuditNamesAMissingOrUnreadableParameterForViewerAndAdminAlike() throws Exception {
		for (String[] user : new String[][] { { "viewer", "viewer-local" }, { "admin", "admin-local" } }) {
			HttpResponse<String> noFrom = get("/api/v1/audits?to=2026-11-30", user[0], user[1]);
			HttpResponse<String> noTo = get("/api/v1/audits?from=2026-11-30", user[0], user[1]);
			HttpResponse<String> badFrom = get("/api/v1/audits?from=30.11.2026&to=2026-11-30", user[0], user[1]);
			HttpResponse<String> badView = get("/api/v1/audits?from=2026-11-29&to=2026-11-30&view=all", user[0],
					user[1]);

			assertThat(noFrom.statusCode()).as(user[0]).isEqualTo(400);
			assertThat(noFrom.body()).as(user[0]).contains("\"field\":\"from\"", "2026-11-30T00:00:00Z");
			assertThat(noTo.statusCode()).as(user[0]).isEqualTo(400);
			assertThat(noTo.body()).as(user[0]).contains("\"field\":\"to\"");
			assertThat(badFrom.statusCode()).as(user[0]).isEqualTo(400);
			assertThat(badFrom.body()).as(user[0]).contains("\"field\":\"from\"", "30.11.2026");
			assertThat(badView.statusCode()).as(user[0]).isEqualTo(400);
			assertThat(badView.body()).as(user[0]).contains("\"field\":\"view\"");
		}
	}

}
