package io.payonce.reconciliation.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The repair SOP's first step through the ops API (issue 20), on the real MariaDB as the reconciliation's own user:
 * ADMIN freezes and unfreezes an account's deductions, VIEWER lists the frozen ones, every request is audited with
 * who, why and the state before and after; the wrong request gets a precise 4xx and changes nothing.
 */
class FreezingAnAccountIsAnAuditedAdminOperationIT extends ReconciliationITSupport {

	@Test
	void anAdminFreezesAndUnfreezesAViewerListsAndEveryRequestIsAudited() throws Exception {
		// given an account
		long user = seedUser("100.00");
		String path = "/api/v1/accounts/" + user;

		// when nobody and a viewer try, then an admin freezes it twice
		int anonymous = post(path + "/freeze", "{\"reason\":\"INC-7\"}", null, null).statusCode();
		int viewer = post(path + "/freeze", "{\"reason\":\"INC-7\"}", "viewer", "viewer-local").statusCode();
		HttpResponse<String> frozen = post(path + "/freeze", "{\"reason\":\"INC-7 double deductions\"}", "admin",
				"admin-local");
		HttpResponse<String> again = post(path + "/freeze", "{\"reason\":\"INC-8\"}", "admin", "admin-local");

		// then it is frozen once, listed for a viewer, and the second freeze is a 409 naming the first
		assertThat(anonymous).isEqualTo(401);
		assertThat(viewer).isEqualTo(403);
		assertThat(frozen.statusCode()).as(frozen.body()).isEqualTo(200);
		assertThat(frozen.body()).contains("\"outcome\":\"FROZEN\"", "\"after\":\"FROZEN\"");
		assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
		assertThat(again.body()).contains("\"outcome\":\"ALREADY_FROZEN\"", "INC-7 double deductions");
		assertThat(this.trade.queryForObject("SELECT status FROM t_account_freeze WHERE user_id = ?", String.class,
				user)).isEqualTo("FROZEN");
		HttpResponse<String> list = get("/api/v1/accounts/frozen", "viewer", "viewer-local");
		assertThat(list.statusCode()).isEqualTo(200);
		assertThat(list.body()).contains("\"userId\":" + user, "\"changedBy\":\"admin\"");

		// when it is unfrozen, twice
		HttpResponse<String> unfrozen = post(path + "/unfreeze", "{\"reason\":\"repaired\"}", "admin", "admin-local");
		HttpResponse<String> notFrozen = post(path + "/unfreeze", "{\"reason\":\"repaired\"}", "admin",
				"admin-local");

		// then
		assertThat(unfrozen.statusCode()).as(unfrozen.body()).isEqualTo(200);
		assertThat(unfrozen.body()).contains("\"outcome\":\"UNFROZEN\"", "\"before\":\"FROZEN\"");
		assertThat(notFrozen.statusCode()).isEqualTo(409);
		assertThat(notFrozen.body()).contains("NOT_FROZEN");
		assertThat(get("/api/v1/accounts/frozen", "viewer", "viewer-local").body()).doesNotContain("" + user);
		List<Map<String, Object>> audit = this.trade.queryForList("SELECT operator, action, reason, outcome,"
				+ " status_before, status_after FROM t_account_freeze_audit WHERE user_id = ? ORDER BY id", user);
		assertThat(audit).extracting(row -> row.get("action") + " " + row.get("outcome") + " "
				+ row.get("status_before") + "->" + row.get("status_after") + " by " + row.get("operator"))
			.containsExactly("FREEZE FROZEN null->FROZEN by admin", "FREEZE ALREADY_FROZEN FROZEN->FROZEN by admin",
					"UNFREEZE UNFROZEN FROZEN->UNFROZEN by admin",
					"UNFREEZE NOT_FROZEN UNFROZEN->UNFROZEN by admin");
	}

	@Test
	void aFreezeOfNoAccountOrWithoutAReasonOrOfAMalformedUserIsRefusedNamingWhy() {
		long user = seedUser("0.00");

		HttpResponse<String> missing = post("/api/v1/accounts/" + (user + 1) + "/freeze", "{\"reason\":\"x\"}",
				"admin", "admin-local");
		HttpResponse<String> noReason = post("/api/v1/accounts/" + user + "/freeze", "{}", "admin", "admin-local");
		HttpResponse<String> notANumber = post("/api/v1/accounts/abc/freeze", "{\"reason\":\"x\"}", "admin",
				"admin-local");

		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.body()).contains("ACCOUNT_NOT_FOUND");
		assertThat(noReason.statusCode()).isEqualTo(400);
		assertThat(noReason.headers().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/problem+json"));
		assertThat(noReason.body()).contains("\"field\":\"reason\"");
		assertThat(notANumber.statusCode()).isEqualTo(400);
		assertThat(notANumber.body()).contains("userId");
		assertThat(this.trade.queryForObject("SELECT COUNT(*) FROM t_account_freeze WHERE user_id IN (?, ?)",
				Integer.class, user, user + 1)).isZero();
	}

}
