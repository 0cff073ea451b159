package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The money invariants of issue 7, read from {@code payonce_trade} and {@code payonce_gateway} for the rows of one
 * {@link Scope}, plus what Kafka showed (the events on {@code pay.success}, the keys on
 * {@code pay.success.terminal}). Each check returns a named {@link Result} with the violations it found (the
 * first few spelled out), never throws on a violation: the report lists them all, then the test fails.
 */
final class Invariants {

	/** Opens a new connection to one schema; the caller closes it. */
	@FunctionalInterface
	interface Connector {

		Connection open() throws SQLException;

	}

	/** One event seen on {@code pay.success}: its key (orderNo) and header {@code id}. */
	record Event(String orderNo, String eventId) {

	}

	/** The outcome of one invariant. */
	record Result(String name, String rule, boolean holds, int checked, List<String> violations) {

		static Result of(String name, String rule, int checked, List<String> violations) {
			return new Result(name, rule, violations.isEmpty(), checked,
					List.copyOf(violations.subList(0, Math.min(10, violations.size()))));
		}

		@Override
		public String toString() {
			return this.name + (this.holds ? " holds" : " VIOLATED " + this.violations) + " (" + this.checked
					+ " checked)";
		}

	}

	private static final Set<String> PAID_STATES = Set.of("PAID", "SETTLED");

	private final Connector trade;

	private final Connector gateway;

	Invariants(Connector trade, Connector gateway) {
		this.trade = trade;
		this.gateway = gateway;
	}

	/** I1 to I5 for the scope. */
	List<Result> check(Scope scope, List<Event> paySuccess, Set<String> terminalKeys) {
		return List.of(oneDeductionPerOrder(scope.prefix()),
				balancesMatchFlows(scope.firstUser(), scope.lastUser(), scope.openingBalances()),
				nothingLost(scope.prefix(), scope.answered2xx(), terminalKeys),
				noEventWithoutCommittedPayment(scope.prefix(), paySuccess, scope.producedByTest()),
				statesOnlyMoveForward(scope.prefix(), scope.pinnedStates()));
	}

	/** I1: per orderNo at most one PAY_DEDUCT flow, exactly one for every PAID (or later SETTLED) order. */
	Result oneDeductionPerOrder(String prefix) {
		List<String> violations = new ArrayList<>();
		int[] checked = { 0 };
		query(this.trade, """
				SELECT o.order_no, o.status,
				       (SELECT COUNT(*) FROM t_account_flow f WHERE f.biz_no = o.order_no AND f.type = 'PAY_DEDUCT') AS deductions
				FROM t_order o WHERE o.order_no LIKE CONCAT(?, '%')""", rs -> {
			checked[0]++;
			String status = rs.getString(2);
			int deductions = rs.getInt(3);
			if (deductions > 1 || (PAID_STATES.contains(status) && deductions != 1)) {
				violations.add(rs.getString(1) + " " + status + " with " + deductions + " PAY_DEDUCT flows");
			}
		}, prefix);
		query(this.trade, """
				SELECT f.biz_no, COUNT(*) FROM t_account_flow f
				WHERE f.biz_no LIKE CONCAT(?, '%') AND f.type = 'PAY_DEDUCT'
				  AND NOT EXISTS (SELECT 1 FROM t_order o WHERE o.order_no = f.biz_no)
				GROUP BY f.biz_no""", rs -> violations.add(rs.getString(1) + ": PAY_DEDUCT without an order"), prefix);
		return Result.of("I1", "per orderNo at most one PAY_DEDUCT flow, exactly one for every PAID order",
				checked[0], violations);
	}

	/** I2: per account balance = opening balance (+ top-ups) + sum of its flows, and never below zero. */
	Result balancesMatchFlows(long firstUser, long lastUser, Map<Long, BigDecimal> openingBalances) {
		List<String> violations = new ArrayList<>();
		Set<Long> seen = new HashSet<>();
		query(this.trade, """
				SELECT a.user_id, a.balance, COALESCE((SELECT SUM(f.amount) FROM t_account_flow f WHERE f.user_id = a.user_id), 0)
				FROM t_account a WHERE a.user_id BETWEEN ? AND ?""", rs -> {
			long userId = rs.getLong(1);
			BigDecimal balance = rs.getBigDecimal(2);
			BigDecimal flows = rs.getBigDecimal(3);
			seen.add(userId);
			BigDecimal opening = openingBalances.get(userId);
			if (opening == null) {
				violations.add("account " + userId + " has no known opening balance");
			}
			else if (balance.compareTo(opening.add(flows)) != 0) {
				violations.add("account " + userId + ": balance " + balance + " != opening " + opening + " + flows "
						+ flows);
			}
			if (balance.signum() < 0) {
				violations.add("account " + userId + ": balance " + balance + " below zero");
			}
		}, firstUser, lastUser);
		openingBalances.keySet().stream().filter(userId -> !seen.contains(userId))
			.forEach(userId -> violations.add("account " + userId + " disappeared"));
		return Result.of("I2", "balance = opening balance + sum of flows; no balance below zero", seen.size(),
				violations);
	}

	/** I3: every callback answered 2xx ends deducted or on the terminal topic. */
	Result nothingLost(String prefix, Set<String> answered2xx, Set<String> terminalKeys) {
		Set<String> deducted = deductedOrders(prefix);
		List<String> violations = new ArrayList<>();
		new TreeSet<>(answered2xx).stream()
			.filter(orderNo -> !deducted.contains(orderNo) && !terminalKeys.contains(orderNo))
			.forEach(orderNo -> violations.add(orderNo + " answered 2xx, neither deducted nor terminal"));
		return Result.of("I3", "every callback answered 2xx ends deducted or in pay.success.terminal",
				answered2xx.size(), violations);
	}

	/**
	 * I4: a gateway transaction that rolled back produced no event. Every event on {@code pay.success} in the scope
	 * carries the event id of a committed {@code t_payment} row of its orderNo (a rolled-back transaction leaves
	 * no row, a refused 409 no second id); keys the test produced itself are not the gateway's.
	 */
	Result noEventWithoutCommittedPayment(String prefix, List<Event> paySuccess, Set<String> producedByTest) {
		Map<String, String> committed = new HashMap<>();
		// The order's PRIMARY row carries its PaySuccess; a DUPLICATE row (a second payNo) carries a DuplicatePayment.
		query(this.gateway,
				"SELECT order_no, event_id FROM t_payment WHERE order_no LIKE CONCAT(?, '%') AND kind = 'PRIMARY'",
				rs -> committed.put(rs.getString(1), rs.getString(2)), prefix);
		List<String> violations = new ArrayList<>();
		int checked = 0;
		for (Event event : paySuccess) {
			if (event.orderNo() == null || !event.orderNo().startsWith(prefix)
					|| producedByTest.contains(event.orderNo())) {
				continue;
			}
			checked++;
			String eventId = committed.get(event.orderNo());
			if (eventId == null || !eventId.equals(event.eventId())) {
				violations.add(event.orderNo() + ": event " + event.eventId() + " but committed payment event "
						+ eventId);
			}
		}
		query(this.gateway, "SELECT COUNT(*) FROM t_outbox WHERE aggregateid LIKE CONCAT(?, '%')", rs -> {
			if (rs.getInt(1) > 0) {
				violations.add(rs.getInt(1) + " gateway outbox rows left behind (IMMEDIATE clean-up)");
			}
		}, prefix);
		return Result.of("I4", "a gateway transaction that rolled back produced no event", checked, violations);
	}

	/**
	 * I5: order states only move forward (INIT → PAID → SETTLED | REFUNDED, INIT → CLOSED), judged on the final
	 * rows: an order the test moved itself is still where it was put, an order with a deduction is past INIT, an
	 * order still INIT or CLOSED has none.
	 */
	Result statesOnlyMoveForward(String prefix, Map<String, String> pinnedStates) {
		List<String> violations = new ArrayList<>();
		int[] checked = { 0 };
		query(this.trade, """
				SELECT o.order_no, o.status,
				       (SELECT COUNT(*) FROM t_account_flow f WHERE f.biz_no = o.order_no AND f.type = 'PAY_DEDUCT')
				FROM t_order o WHERE o.order_no LIKE CONCAT(?, '%')""", rs -> {
			checked[0]++;
			String orderNo = rs.getString(1);
			String status = rs.getString(2);
			int deductions = rs.getInt(3);
			String pinned = pinnedStates.get(orderNo);
			if (pinned != null && !pinned.equals(status)) {
				violations.add(orderNo + " was set " + pinned + " and moved to " + status);
			}
			if (pinned == null && ("INIT".equals(status) || "CLOSED".equals(status)) && deductions > 0) {
				violations.add(orderNo + " is " + status + " but was deducted");
			}
			if (pinned != null && deductions > 0) {
				violations.add(orderNo + " was set " + pinned + " before its payment and was deducted");
			}
		}, prefix);
		return Result.of("I5", "order states only move forward", checked[0], violations);
	}

	Set<String> deductedOrders(String prefix) {
		Set<String> deducted = new HashSet<>();
		query(this.trade, "SELECT biz_no FROM t_account_flow WHERE biz_no LIKE CONCAT(?, '%') AND type = 'PAY_DEDUCT'",
				rs -> deducted.add(rs.getString(1)), prefix);
		return deducted;
	}

	int deductionCount(String prefix) {
		return deductedOrders(prefix).size();
	}

	/** Duplicate callbacks the gateway absorbed for the scope ({@code t_payment.duplicate_count}). */
	long gatewayDuplicates(String prefix) {
		long[] sum = { 0 };
		query(this.gateway, "SELECT COALESCE(SUM(duplicate_count), 0) FROM t_payment WHERE order_no LIKE CONCAT(?, '%')",
				rs -> sum[0] = rs.getLong(1), prefix);
		return sum[0];
	}

	@FunctionalInterface
	private interface RowHandler {

		void handle(ResultSet rs) throws SQLException;

	}

	private static void query(Connector connector, String sql, RowHandler handler, Object... args) {
		try (Connection connection = connector.open(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < args.length; i++) {
				statement.setObject(i + 1, args[i]);
			}
			try (ResultSet rs = statement.executeQuery()) {
				while (rs.next()) {
					handler.handle(rs);
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

}
