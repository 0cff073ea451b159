package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The money invariants, read from {@code payonce_trade}, {@code payonce_gateway}, the order audit that
 * {@link OrderAudit}'s triggers write as every transition commits, and what Kafka showed for one {@link Scope}.
 * Each check returns a named {@link Result} with the rows it checked and the violations it found (the first few
 * spelled out), never throws on a violation: the report lists them all, then the test fails. A check over zero
 * rows does not hold: it would prove nothing.
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

	/**
	 * A payment named by an event on pay.deducted, pay.refund-required or pay.success.terminal, with the event's
	 * id: a relay that restarts may publish an event again (at least once), with the same id.
	 */
	record PaymentEvent(String orderNo, String payNo, String eventId) {

	}

	/** What the topics showed for a scope. */
	record Observed(List<Event> paySuccess, Set<String> terminalKeys, List<PaymentEvent> terminal,
			List<PaymentEvent> deducted, List<PaymentEvent> refundRequired) {

	}

	/** The outcome of one invariant. */
	record Result(String name, String rule, boolean holds, int checked, List<String> violations) {

		static Result of(String name, String rule, int checked, List<String> violations) {
			List<String> all = new ArrayList<>(violations);
			if (checked == 0) {
				all.add(0, "checked 0 rows: nothing to prove it on");
			}
			return new Result(name, rule, all.isEmpty(), checked, List.copyOf(all.subList(0, Math.min(10, all.size()))));
		}

		@Override
		public String toString() {
			return this.name + (this.holds ? " holds" : " VIOLATED " + this.violations) + " (" + this.checked
					+ " checked)";
		}

	}

	/** The moves the pipeline may make; the test's own changes (as root) are pins, not moves. */
	static final Set<String> FORWARD = Set.of("INIT>PAID", "PAID>SETTLED", "PAID>REFUNDED", "INIT>CLOSED");

	private static final Set<String> PAID_STATES = Set.of("PAID", "SETTLED");

	private final Connector trade;

	private final Connector gateway;

	private final Connector audit;

	Invariants(Connector trade, Connector gateway, Connector audit) {
		this.trade = trade;
		this.gateway = gateway;
		this.audit = audit;
	}

	/** I1 to I6 for the scope. */
	List<Result> check(Scope scope, Observed observed) {
		return List.of(oneDeductionPerOrder(scope.prefix()),
				balancesMatchFlows(scope.firstUser(), scope.lastUser(), scope.openingBalances()),
				nothingLost(scope.prefix(), scope.answered2xx(), observed.terminalKeys()),
				noEventWithoutCommittedPayment(scope.prefix(), observed.paySuccess(), scope.producedByTest()),
				everyTransitionMovedForward(scope.prefix()),
				everyAcceptedPaymentEndsOnce(scope.answered(), observed));
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
	 * no row, a retried one a new id, a refused 409 no second id); keys the test produced itself are not the
	 * gateway's. And no outbox row is left behind.
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
		return Result.of("I4", "every pay.success event is a committed payment's (a rolled-back transaction made none)",
				checked, violations);
	}

	/**
	 * I5: every transition of every order, as the audit triggers recorded it when it committed, moved forward
	 * (INIT → PAID → SETTLED | REFUNDED, INIT → CLOSED); an order the test set itself (as root) was not moved by
	 * the pipeline afterwards; the audit is complete (each order's status is its last recorded one); and an order
	 * has a deduction exactly when it went INIT → PAID.
	 */
	Result everyTransitionMovedForward(String prefix) {
		Map<String, List<String[]>> transitions = new LinkedHashMap<>();
		int[] checked = { 0 };
		query(this.audit, """
				SELECT order_no, old_status, new_status, actor FROM t_order_transition
				WHERE order_no LIKE CONCAT(?, '%') ORDER BY id""", rs -> {
			checked[0]++;
			transitions.computeIfAbsent(rs.getString(1), key -> new ArrayList<>())
				.add(new String[] { rs.getString(2), rs.getString(3), rs.getString(4) });
		}, prefix);
		Map<String, String> current = new LinkedHashMap<>();
		Map<String, Integer> deductions = new HashMap<>();
		query(this.trade, """
				SELECT o.order_no, o.status,
				       (SELECT COUNT(*) FROM t_account_flow f WHERE f.biz_no = o.order_no AND f.type = 'PAY_DEDUCT')
				FROM t_order o WHERE o.order_no LIKE CONCAT(?, '%')""", rs -> {
			current.put(rs.getString(1), rs.getString(2));
			deductions.put(rs.getString(1), rs.getInt(3));
		}, prefix);
		List<String> violations = new ArrayList<>();
		current.forEach((orderNo, status) -> {
			List<String[]> moves = transitions.getOrDefault(orderNo, List.of());
			if (moves.isEmpty()) {
				violations.add(orderNo + " is " + status + " without any recorded transition");
				return;
			}
			boolean pinned = false;
			boolean paid = false;
			for (int i = 0; i < moves.size(); i++) {
				String from = moves.get(i)[0];
				String to = moves.get(i)[1];
				String actor = moves.get(i)[2];
				if (from == null) {
					if (i > 0 || !"INIT".equals(to)) {
						violations.add(orderNo + " inserted as " + to + (i > 0 ? " again" : ""));
					}
					continue;
				}
				if (isTest(actor)) {
					pinned = true;
					continue;
				}
				if (pinned) {
					violations.add(orderNo + " moved " + from + " → " + to + " by " + actor + " after the test set it");
				}
				if (!FORWARD.contains(from + ">" + to)) {
					violations.add(orderNo + " moved " + from + " → " + to + " by " + actor + ": not a forward move");
				}
				paid |= "INIT".equals(from) && "PAID".equals(to);
			}
			String last = moves.get(moves.size() - 1)[1];
			if (!last.equals(status)) {
				violations.add(orderNo + " is " + status + " but its last recorded transition went to " + last);
			}
			int deducted = deductions.getOrDefault(orderNo, 0);
			if (paid != (deducted > 0)) {
				violations.add(orderNo + (paid ? " went INIT → PAID without a deduction"
						: " has " + deducted + " deduction(s) but never went INIT → PAID"));
			}
		});
		return Result.of("I5", "every recorded transition moved forward; what the test set stayed", checked[0],
				violations);
	}

	/** Changes the test makes itself run as root ({@link Seeder#setOrderStatus}); the services never do. */
	private static boolean isTest(String actor) {
		return actor != null && actor.startsWith("root@");
	}

	/**
	 * I6: every payment the gateway answered 200 ends in exactly one place: deducted (its payNo on
	 * {@code pay.deducted}), owed back ({@code pay.refund-required}, a second payment of a paid order), or, never
	 * deducted, on {@code pay.success.terminal}; and nothing else is deducted or refunded (every payNo on those
	 * topics was answered 200), none twice.
	 */
	Result everyAcceptedPaymentEndsOnce(Map<String, Scope.Answered> answered, Observed observed) {
		Map<String, Integer> deducted = count(observed.deducted());
		Map<String, Integer> refunded = count(observed.refundRequired());
		Set<String> terminal = new HashSet<>();
		observed.terminal().forEach(event -> terminal.add(event.payNo()));
		List<String> violations = new ArrayList<>();
		new TreeSet<>(answered.keySet()).forEach(payNo -> {
			boolean isDeducted = deducted.containsKey(payNo);
			boolean isRefunded = refunded.containsKey(payNo);
			if (isDeducted && isRefunded) {
				violations.add(payNo + " both deducted and refund-required");
			}
			else if (!isDeducted && !isRefunded && !terminal.contains(payNo)) {
				violations.add(payNo + " (" + answered.get(payNo).first() + ") answered 200, neither deducted, "
						+ "refund-required nor terminal");
			}
		});
		deducted.forEach((payNo, times) -> {
			if (times > 1) {
				violations.add(payNo + " deducted " + times + " times (distinct events)");
			}
			if (!answered.containsKey(payNo)) {
				violations.add(payNo + " deducted but never answered 200");
			}
		});
		refunded.forEach((payNo, times) -> {
			if (times > 1) {
				violations.add(payNo + " refund-required " + times + " times");
			}
			if (!answered.containsKey(payNo)) {
				violations.add(payNo + " refund-required but never answered 200");
			}
		});
		return Result.of("I6", "every payment answered 200 is deducted, refund-required or terminal: one of them, once",
				answered.size(), violations);
	}

	/** Distinct events (by id) per payNo: the same event published twice is one. */
	private static Map<String, Integer> count(List<PaymentEvent> events) {
		Map<String, Set<String>> ids = new HashMap<>();
		events.forEach(event -> ids.computeIfAbsent(event.payNo(), key -> new HashSet<>()).add(event.eventId()));
		Map<String, Integer> counts = new HashMap<>();
		ids.forEach((payNo, distinct) -> counts.put(payNo, distinct.size()));
		return counts;
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

	/** Payments the gateway committed for these orderNos. */
	int committedPayments(Set<String> orderNos) {
		if (orderNos.isEmpty()) {
			return 0;
		}
		int[] count = { 0 };
		query(this.gateway, "SELECT COUNT(*) FROM t_payment WHERE order_no IN ("
				+ String.join(",", java.util.Collections.nCopies(orderNos.size(), "?")) + ")",
				rs -> count[0] = rs.getInt(1), orderNos.toArray());
		return count[0];
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
