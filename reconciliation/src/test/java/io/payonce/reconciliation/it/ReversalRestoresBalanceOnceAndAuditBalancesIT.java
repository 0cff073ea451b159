package io.payonce.reconciliation.it;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.payonce.infra.LocalDatabase;
import io.payonce.reconciliation.reversal.cli.ReverseCommandAccess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The incident's repair on a real MariaDB: a duplicate charge booked under another type is found by the ledger
 * audit, reversed once although two operators press at the same moment, and the audit then balances. Every
 * test seeds its own user and orders and audits a period in the past that only its own flows fall into.
 */
class ReversalRestoresBalanceOnceAndAuditBalancesIT extends ReconciliationITSupport {

	@Test
	void auditReportsInjectedDuplicateMissingFlowAndOrphanFlow() throws Exception {
		// given a user charged twice for P (second charge under a legacy type), a PAID order Q never charged, and
		// a flow R without any order
		Instant day = Instant.parse("2020-01-01T00:00:00Z");
		long user = seedUser("602.00");
		String p = "IT-P-" + user;
		String q = "IT-Q-" + user;
		String r = "IT-R-" + user;
		seedOrder(p, user, "199.00", "PAID", day.plusSeconds(3600));
		seedOrder(q, user, "50.00", "PAID", day.plusSeconds(3600));
		long first = seedFlow(user, "-199.00", p, "PAY_DEDUCT", day.plusSeconds(3600));
		long legacy = seedFlow(user, "-199.00", p, "LEGACY_DEDUCT", day.plusSeconds(3617));
		seedFlow(user, "-10.00", r, "PAY_DEDUCT", day.plusSeconds(3700));
		long reportsBefore = reportFiles();

		// when a viewer runs the audit for that day, as Markdown and as CSV
		HttpResponse<String> markdown = get("/api/v1/audits?from=" + day + "&to=" + day.plus(1, ChronoUnit.DAYS),
				"viewer", "viewer-local");
		HttpResponse<String> csv = get(
				"/api/v1/audits?format=csv&from=" + day + "&to=" + day.plus(1, ChronoUnit.DAYS), "viewer",
				"viewer-local");

		// then (and nobody without credentials may read it)
		assertThat(get("/api/v1/audits?from=" + day + "&to=" + day.plus(1, ChronoUnit.DAYS), null, null).statusCode())
			.isEqualTo(401);
		assertThat(markdown.statusCode()).isEqualTo(200);
		assertThat(markdown.headers().firstValue("Payonce-Audit-Balanced")).hasValue("false");
		assertThat(markdown.body()).contains("| DUPLICATE_DEDUCTION | " + p + " |")
			.contains(first + " " + legacy)
			.contains("| PAID_ORDER_WITHOUT_FLOW | " + q + " |")
			.contains("| FLOW_WITHOUT_PAID_ORDER | " + r + " |")
			.contains("| ACCOUNT_UNBALANCED | " + user + " |");
		assertThat(csv.statusCode()).isEqualTo(200);
		assertThat(csv.body()).contains("FINDING," + p + ",DUPLICATE_DEDUCTION," + user + ",199.00," + first + " " + legacy);
		assertThat(reportFiles()).isEqualTo(reportsBefore + 4); // .md and .csv for each run
	}

	@Test
	void concurrentReversalsRestoreTheBalanceExactlyOnceAndTheAuditThenBalances() throws Exception {
		// given the incident: 1000.00, charged twice 199.00 for one order
		Instant day = Instant.parse("2020-02-01T00:00:00Z");
		long user = seedUser("602.00");
		String p = "IT-P-" + user;
		seedOrder(p, user, "199.00", "PAID", day.plusSeconds(3600));
		seedFlow(user, "-199.00", p, "PAY_DEDUCT", day.plusSeconds(3600));
		long duplicate = seedFlow(user, "-199.00", p, "LEGACY_DEDUCT", day.plusSeconds(3617));
		String body = "{\"flowId\":" + duplicate + ",\"reason\":\"double charge, bank debited once\"}";

		// when nobody, then a viewer, asks: refused
		assertThat(post("/api/v1/reversals", body, null, null).statusCode()).isEqualTo(401);
		assertThat(post("/api/v1/reversals", body, "viewer", "viewer-local").statusCode()).isEqualTo(403);
		assertThat(balance(user)).isEqualByComparingTo("602.00");

		// when two admins reverse the same flow at the same moment
		List<CompletableFuture<HttpResponse<String>>> both = Stream.of(1, 2)
			.map(i -> CompletableFuture.supplyAsync(() -> post("/api/v1/reversals", body, "admin", "admin-local")))
			.toList();
		List<Integer> statuses = both.stream().map(CompletableFuture::join).map(HttpResponse::statusCode).toList();

		// then one reversed, the other was told it is done already, and the money came back once
		assertThat(statuses).containsExactlyInAnyOrder(201, 200);
		assertThat(balance(user)).isEqualByComparingTo("801.00");
		assertThat(this.trade.queryForList("SELECT amount FROM t_account_flow WHERE biz_no = ? AND type = 'REVERSE_DEDUCT'"
				+ " AND reverses_flow_id = ?", BigDecimal.class, p, duplicate)).singleElement()
			.satisfies(a -> assertThat(a).isEqualByComparingTo("199.00"));
		assertThat(this.trade.queryForList("SELECT outcome FROM t_reversal_audit WHERE flow_id = ? AND operator = 'admin'",
				String.class, duplicate)).containsExactlyInAnyOrder("REVERSED", "ALREADY_REVERSED");
		// and the original flows are untouched
		assertThat(this.trade.queryForObject("SELECT COUNT(*) FROM t_account_flow WHERE biz_no = ? AND amount = -199.00",
				Integer.class, p)).isEqualTo(2);

		// and the CLI, the operator's other way in, is idempotent too
		assertThat(ReverseCommandAccess.run(duplicate, "alice", "INC-17 follow-up", tradeEnv())).isZero();
		assertThat(balance(user)).isEqualByComparingTo("801.00");

		// and the audit over the incident and the repair balances
		HttpResponse<String> audit = get("/api/v1/audits?from=" + day + "&to=" + Instant.now().plus(1, ChronoUnit.HOURS),
				"viewer", "viewer-local");
		assertThat(audit.headers().firstValue("Payonce-Audit-Balanced")).hasValue("true");
		assertThat(audit.body()).contains("**BALANCED**", "| reversals |", "## Accounts that differ\n\nNone");
		HttpResponse<String> full = get("/api/v1/audits?view=full&from=" + day + "&to="
				+ Instant.now().plus(1, ChronoUnit.HOURS), "viewer", "viewer-local");
		assertThat(full.body()).contains("| " + p + " |").contains("REVERSED_DUPLICATE");
	}

	@Test
	void aDuplicateOfTheLongestLegalOrderNoIsReversedUnderItsOwnNumber() throws Exception {
		// given a 64-character orderNo (the gateway's limit) charged twice: its old reversal number, orderNo +
		// "-REVERSE", did not fit VARCHAR(64) and the request ended in a 500
		Instant day = Instant.parse("2020-03-01T00:00:00Z");
		long user = seedUser("80.00");
		String p = ("IT-L-" + user + "-").concat("x".repeat(64)).substring(0, 64);
		seedOrder(p, user, "10.00", "PAID", day);
		seedFlow(user, "-10.00", p, "PAY_DEDUCT", day);
		long duplicate = seedFlow(user, "-10.00", p, "LEGACY_DEDUCT", day.plusSeconds(17));

		// when
		HttpResponse<String> reversed = post("/api/v1/reversals",
				"{\"flowId\":" + duplicate + ",\"reason\":\"double charge\"}", "admin", "admin-local");

		// then
		assertThat(reversed.statusCode()).as(reversed.body()).isEqualTo(201);
		assertThat(balance(user)).isEqualByComparingTo("90.00");
		assertThat(this.trade.queryForObject("SELECT biz_no FROM t_account_flow WHERE reverses_flow_id = ?", String.class,
				duplicate)).isEqualTo(p);
		// and the audit row of this service's own table compares bytes like the rest of the trade schema
		assertThat(this.trade.queryForObject("SELECT collation_name FROM information_schema.columns WHERE"
				+ " table_schema = DATABASE() AND table_name = 't_reversal_audit' AND column_name = 'biz_no'",
				String.class)).isEqualTo("utf8mb4_bin");
	}

	@Test
	void aPeriodLongerThanTheMaximumIs400NamingTo() throws Exception {
		HttpResponse<String> answer = get("/api/v1/audits?from=2000-01-01T00:00:00Z&to=2020-01-01T00:00:00Z", "viewer",
				"viewer-local");

		assertThat(answer.statusCode()).isEqualTo(400);
		assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/problem+json"));
		assertThat(answer.body()).contains("\"field\":\"to\"", "payonce.reconciliation.audit.max-span",
				"\"maxSpan\":\"PT87840H\"");
	}

	private BigDecimal balance(long user) {
		return this.trade.queryForObject("SELECT balance FROM t_account WHERE user_id = ?", BigDecimal.class, user);
	}

	private Map<String, String> tradeEnv() {
		return Map.of("SPRING_DATASOURCE_URL", stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()),
				"SPRING_DATASOURCE_USERNAME", LocalDatabase.RECONCILIATION.user(), "SPRING_DATASOURCE_PASSWORD",
				LocalDatabase.RECONCILIATION.password());
	}

	private long reportFiles() throws Exception {
		Path dir = workDir.resolve("reports");
		if (!Files.isDirectory(dir)) {
			return 0;
		}
		try (Stream<Path> files = Files.list(dir)) {
			return files.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".csv")).count();
		}
	}

}
