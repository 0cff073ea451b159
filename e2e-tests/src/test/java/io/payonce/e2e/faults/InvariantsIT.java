package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL of {@link Invariants} on a seeded copy of the schemas (tables as the services' Flyway scripts and
 * {@link OrderAudit} create them, in throw-away schemas of the local MariaDB): a clean ledger holds, one violation
 * of each invariant is named, and a check over no rows does not hold, so that a checker that cannot fail would
 * fail here.
 */
class InvariantsIT {

	private static final String TRADE = "e2e_invariants_trade";

	private static final String GATEWAY = "e2e_invariants_gateway";

	private static final String AUDIT = "e2e_invariants_audit";

	private static final String CLEAN = "E2E-inv-CLEAN-";

	private static final String BROKEN = "E2E-inv-BROKEN-";

	private static final String PIPELINE = "payonce_trade_app@127.0.0.1";

	private static final String TEST = "root@127.0.0.1";

	private static Invariants invariants;

	@BeforeAll
	static void seedSchemas() throws SQLException {
		MariaDbNode mariaDb = LocalStack.shared().mariaDb();
		try (Connection root = mariaDb.rootConnection(); Statement sql = root.createStatement()) {
			for (String schema : List.of(TRADE, GATEWAY, AUDIT)) {
				sql.execute("DROP DATABASE IF EXISTS " + schema);
				sql.execute("CREATE DATABASE " + schema);
			}
			sql.execute("CREATE TABLE " + TRADE + ".t_order (order_no VARCHAR(64) PRIMARY KEY, user_id BIGINT NOT NULL,"
					+ " amount DECIMAL(19,2) NOT NULL, currency CHAR(3) NOT NULL, status VARCHAR(16) NOT NULL)");
			sql.execute("CREATE TABLE " + TRADE + ".t_account (user_id BIGINT PRIMARY KEY, balance DECIMAL(19,2) NOT NULL,"
					+ " currency CHAR(3) NOT NULL)");
			// no unique key here: the checker must see a double deduction even where the last wall is missing
			sql.execute("CREATE TABLE " + TRADE + ".t_account_flow (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
					+ " user_id BIGINT NOT NULL, amount DECIMAL(19,2) NOT NULL, biz_no VARCHAR(64) NOT NULL,"
					+ " type VARCHAR(32) NOT NULL)");
			sql.execute("CREATE TABLE " + GATEWAY + ".t_payment (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
					+ " order_no VARCHAR(64) NOT NULL, kind VARCHAR(16) NOT NULL DEFAULT 'PRIMARY', event_id CHAR(36) NULL,"
					+ " duplicate_count INT NOT NULL DEFAULT 0)");
			sql.execute("CREATE TABLE " + GATEWAY + ".t_outbox (id CHAR(36) PRIMARY KEY, aggregateid VARCHAR(64) NOT NULL)");
			sql.execute("CREATE TABLE " + AUDIT + ".t_order_transition (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
					+ " order_no VARCHAR(64) NOT NULL, old_status VARCHAR(16) NULL, new_status VARCHAR(16) NOT NULL,"
					+ " actor VARCHAR(128) NOT NULL)");

			// clean: user 1 paid order 1 once (100 - 25), user 2 still INIT, order 3 refunded by the test, never deducted
			sql.execute("INSERT INTO " + TRADE + ".t_account VALUES (1, 75.00, 'CNY'), (2, 100.00, 'CNY'), (3, 100.00, 'CNY')");
			sql.execute("INSERT INTO " + TRADE + ".t_order VALUES ('" + CLEAN + "1', 1, 25.00, 'CNY', 'PAID'),"
					+ " ('" + CLEAN + "2', 2, 25.00, 'CNY', 'INIT'), ('" + CLEAN + "3', 3, 25.00, 'CNY', 'REFUNDED')");
			sql.execute("INSERT INTO " + TRADE + ".t_account_flow (user_id, amount, biz_no, type) VALUES (1, -25.00, '"
					+ CLEAN + "1', 'PAY_DEDUCT')");
			// and the platform charged user 1 a second time: that payment's row (and event) is not the order's
			sql.execute("INSERT INTO " + GATEWAY + ".t_payment (order_no, kind, event_id) VALUES ('" + CLEAN
					+ "1', 'PRIMARY', 'e-1'), ('" + CLEAN + "1', 'DUPLICATE', 'e-2')");
			transitions(sql, CLEAN + "1", null, "INIT", PIPELINE, "INIT", "PAID", PIPELINE);
			transitions(sql, CLEAN + "2", null, "INIT", PIPELINE);
			transitions(sql, CLEAN + "3", null, "INIT", PIPELINE, "INIT", "REFUNDED", TEST);

			// broken: order 1 deducted twice (the incident), user 11's balance does not match its flows and is
			// negative, order 2 PAID without a flow, order 3 INIT with a flow, order 4 set REFUNDED by the test and
			// then PAID, order 6 went back from PAID to INIT
			sql.execute("INSERT INTO " + TRADE + ".t_account VALUES (11, -10.00, 'CNY'), (12, 100.00, 'CNY'),"
					+ " (13, 75.00, 'CNY'), (14, 75.00, 'CNY')");
			sql.execute("INSERT INTO " + TRADE + ".t_order VALUES ('" + BROKEN + "1', 11, 25.00, 'CNY', 'PAID'),"
					+ " ('" + BROKEN + "2', 12, 25.00, 'CNY', 'PAID'), ('" + BROKEN + "3', 13, 25.00, 'CNY', 'INIT'),"
					+ " ('" + BROKEN + "4', 14, 25.00, 'CNY', 'PAID'), ('" + BROKEN + "6', 12, 25.00, 'CNY', 'INIT')");
			sql.execute("INSERT INTO " + TRADE + ".t_account_flow (user_id, amount, biz_no, type) VALUES"
					+ " (11, -25.00, '" + BROKEN + "1', 'PAY_DEDUCT'), (11, -25.00, '" + BROKEN + "1', 'PAY_DEDUCT'),"
					+ " (13, -25.00, '" + BROKEN + "3', 'PAY_DEDUCT'), (14, -25.00, '" + BROKEN + "4', 'PAY_DEDUCT')");
			// payment 1 committed with event e-11; an event e-99 of a rolled-back transaction reached Kafka anyway
			sql.execute("INSERT INTO " + GATEWAY + ".t_payment (order_no, event_id) VALUES ('" + BROKEN + "1', 'e-11')");
			transitions(sql, BROKEN + "1", null, "INIT", PIPELINE, "INIT", "PAID", PIPELINE);
			transitions(sql, BROKEN + "2", null, "INIT", PIPELINE, "INIT", "PAID", PIPELINE);
			transitions(sql, BROKEN + "3", null, "INIT", PIPELINE);
			transitions(sql, BROKEN + "4", null, "INIT", PIPELINE, "INIT", "REFUNDED", TEST, "REFUNDED", "PAID", PIPELINE);
			transitions(sql, BROKEN + "6", null, "INIT", PIPELINE, "INIT", "PAID", PIPELINE, "PAID", "INIT", PIPELINE);
		}
		invariants = new Invariants(() -> connect(mariaDb, TRADE), () -> connect(mariaDb, GATEWAY),
				() -> connect(mariaDb, AUDIT));
	}

	/** Audit rows as the triggers write them: (old, new, actor) triples in order. */
	private static void transitions(Statement sql, String orderNo, String... moves) throws SQLException {
		for (int i = 0; i < moves.length; i += 3) {
			sql.execute("INSERT INTO " + AUDIT + ".t_order_transition (order_no, old_status, new_status, actor) VALUES ('"
					+ orderNo + "', " + (moves[i] == null ? "NULL" : "'" + moves[i] + "'") + ", '" + moves[i + 1] + "', '"
					+ moves[i + 2] + "')");
		}
	}

	private static Connection connect(MariaDbNode mariaDb, String schema) throws SQLException {
		return java.sql.DriverManager.getConnection(mariaDb.jdbcUrl(schema), mariaDb.rootUser(), mariaDb.rootPassword());
	}

	@Test
	void aCleanLedgerSatisfiesEveryInvariantAndSaysHowManyRowsItChecked() {
		Scope scope = new Scope("clean", CLEAN, 1, 3);
		Map.of(1L, "100.00", 2L, "100.00", 3L, "100.00").forEach((user, opening) -> scope.opened(user, new BigDecimal(opening)));
		scope.answered200("P-1", CLEAN + "1", "{\"result\":\"ACCEPTED\"}");
		scope.answered200("P-1b", CLEAN + "1", "{\"result\":\"DUPLICATE_PAYMENT\"}");
		scope.answered200("P-3", CLEAN + "3", "{\"result\":\"ACCEPTED\"}");
		scope.pinned(CLEAN + "3", "REFUNDED");
		Invariants.Observed observed = new Invariants.Observed(List.of(new Invariants.Event(CLEAN + "1", "e-1")),
				Set.of(CLEAN + "3"), List.of(new Invariants.PaymentEvent(CLEAN + "3", "P-3", "t-3")),
				List.of(new Invariants.PaymentEvent(CLEAN + "1", "P-1", "d-1")),
				List.of(new Invariants.PaymentEvent(CLEAN + "1", "P-1b", "r-1")));

		List<Invariants.Result> results = invariants.check(scope, observed);

		assertThat(results).extracting(Invariants.Result::name).containsExactly("I1", "I2", "I3", "I4", "I5", "I6");
		assertThat(results).allSatisfy(result -> assertThat(result.holds()).as(result.toString()).isTrue());
		assertThat(results).extracting(Invariants.Result::checked).containsExactly(3, 3, 2, 1, 5, 3);
	}

	@Test
	void everyInvariantNamesItsViolations() {
		Scope scope = new Scope("broken", BROKEN, 11, 14);
		List.of(11L, 12L, 13L, 14L).forEach(user -> scope.opened(user, new BigDecimal("100.00")));
		scope.answered200("P-B1", BROKEN + "1", "{\"result\":\"ACCEPTED\"}");
		scope.answered200("P-B5", BROKEN + "5", "{\"result\":\"ACCEPTED\"}");
		scope.pinned(BROKEN + "4", "REFUNDED");
		Invariants.Observed observed = new Invariants.Observed(
				List.of(new Invariants.Event(BROKEN + "1", "e-11"), new Invariants.Event(BROKEN + "1", "e-99")), Set.of(),
				List.of(), List.of(new Invariants.PaymentEvent(BROKEN + "1", "P-B1", "d-1"),
						new Invariants.PaymentEvent(BROKEN + "1", "P-B1", "d-1"),
						new Invariants.PaymentEvent(BROKEN + "1", "P-B1", "d-2"), new Invariants.PaymentEvent(BROKEN + "7", "P-X", "d-7")),
				List.of());

		List<Invariants.Result> results = invariants.check(scope, observed);

		assertThat(results).allSatisfy(result -> assertThat(result.holds()).as(result.name()).isFalse());
		assertThat(results.get(0).violations()).anyMatch(v -> v.contains(BROKEN + "1") && v.contains("2 PAY_DEDUCT"))
			.anyMatch(v -> v.contains(BROKEN + "2") && v.contains("0 PAY_DEDUCT"));
		assertThat(results.get(1).violations()).anyMatch(v -> v.contains("account 11") && v.contains("below zero"))
			.anyMatch(v -> v.contains("account 11: balance -10.00 != opening 100.00"));
		assertThat(results.get(2).violations()).containsExactly(BROKEN + "5 answered 2xx, neither deducted nor terminal");
		assertThat(results.get(3).violations()).singleElement().asString().contains("e-99");
		assertThat(results.get(4).violations())
			.anyMatch(v -> v.contains(BROKEN + "3 has 1 deduction(s) but never went INIT → PAID"))
			.anyMatch(v -> v.contains(BROKEN + "4 moved REFUNDED → PAID") && v.contains("after the test set it"))
			.anyMatch(v -> v.contains(BROKEN + "6 moved PAID → INIT") && v.contains("not a forward move"))
			.anyMatch(v -> v.contains(BROKEN + "2 went INIT → PAID without a deduction"));
		assertThat(results.get(5).violations()).anyMatch(v -> v.contains("P-B1 deducted 2 times"))
			.anyMatch(v -> v.contains("P-B5") && v.contains("neither deducted, refund-required nor terminal"))
			.anyMatch(v -> v.contains("P-X deducted but never answered 200"));
	}

	@Test
	void anInvariantCheckedOverNoRowsDoesNotHold() {
		Scope nothing = new Scope("nothing", "E2E-inv-NOTHING-", 900, 901);
		Invariants.Observed none = new Invariants.Observed(List.of(), Set.of(), List.of(), List.of(), List.of());

		List<Invariants.Result> results = invariants.check(nothing, none);

		assertThat(results).hasSize(6).allSatisfy(result -> {
			assertThat(result.checked()).isZero();
			assertThat(result.holds()).as(result.toString()).isFalse();
			assertThat(result.violations()).contains("checked 0 rows: nothing to prove it on");
		});
	}

}
