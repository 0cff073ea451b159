package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.payonce.reconciliation.audit.AuditFinding.Kind;
import io.payonce.reconciliation.audit.AuditReport.AccountLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoStatus;
import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;
import io.payonce.reconciliation.reversal.Reversals;

/**
 * The ledger audit rules (chapter 5.4: find, verify), plain Java over a {@link LedgerSnapshot}.
 * <p>
 * Flows are grouped by the business number they belong to ({@link Flow#owner()}): a reversal carries the biz_no of
 * the flow it reverses, a reversal booked before trade migration V2 ({@code X-REVERSE}, no reversed flow id)
 * belongs to {@code X}, and an order whose number ends in {@code -REVERSE} is an order like any other.
 * A deduction is any negative flow that is not a reversal, <em>whatever its type</em>: the unique key
 * {@code (biz_no, type)} stops a second {@code PAY_DEDUCT}, not a second charge booked by hand or by legacy
 * code under another type, and that is exactly the double charge finance must see.
 */
public final class LedgerAudit {

	public static final String PAY_DEDUCT = "PAY_DEDUCT";

	public static final String REVERSE_DEDUCT = Reversals.REVERSE_DEDUCT;

	private static final Set<String> PAID = Set.of("PAID", "SETTLED");

	public AuditReport audit(AuditPeriod period, LedgerSnapshot ledger, Instant generatedAt) {
		Map<String, Order> orders = new HashMap<>();
		ledger.orders().forEach(order -> orders.put(order.orderNo(), order));
		Map<String, List<Flow>> byBizNo = new TreeMap<>();
		for (Flow flow : ledger.flows()) {
			byBizNo.computeIfAbsent(flow.owner(), key -> new ArrayList<>()).add(flow);
		}

		List<BizNoLine> lines = new ArrayList<>();
		List<AuditFinding> findings = new ArrayList<>();
		// per user: what the paid orders charged in this period explain
		Map<Long, BigDecimal> explained = new LinkedHashMap<>();
		for (Map.Entry<String, List<Flow>> group : byBizNo.entrySet()) {
			BizNoLine line = auditBizNo(group.getKey(), group.getValue(), orders.get(group.getKey()), findings);
			lines.add(line);
			Order order = orders.get(group.getKey());
			if (order != null && PAID.contains(order.status())) {
				explained.merge(order.userId(), order.amount().negate(), BigDecimal::add);
			}
		}
		for (Order order : ledger.paidOrdersWithoutFlow()) {
			lines.add(new BizNoLine(order.orderNo(), order.userId(), order.status(), order.amount(), List.of(),
					List.of(), BigDecimal.ZERO, BizNoStatus.MISSING_FLOW));
			findings.add(new AuditFinding(Kind.PAID_ORDER_WITHOUT_FLOW, order.orderNo(), order.userId(),
					order.amount(), List.of(), "order " + order.status() + " but no flow: the user was not charged"));
		}

		List<AccountLine> accounts = new ArrayList<>();
		for (Account account : ledger.accounts()) {
			BigDecimal flows = ledger.flows()
				.stream()
				.filter(flow -> flow.userId() == account.userId())
				.map(Flow::amount)
				.reduce(BigDecimal.ZERO, BigDecimal::add);
			BigDecimal opening = account.balance().subtract(account.flowsSinceFrom());
			BigDecimal closing = opening.add(flows);
			BigDecimal expectedClosing = opening.add(explained.getOrDefault(account.userId(), BigDecimal.ZERO));
			AccountLine line = new AccountLine(account.userId(), opening, flows, closing, expectedClosing,
					closing.subtract(expectedClosing));
			accounts.add(line);
			if (!line.balanced()) {
				findings.add(new AuditFinding(Kind.ACCOUNT_UNBALANCED, Long.toString(account.userId()),
						account.userId(), line.difference(), List.of(),
						"flows " + flows.toPlainString() + " but paid orders explain "
								+ explained.getOrDefault(account.userId(), BigDecimal.ZERO).toPlainString()));
			}
		}
		return new AuditReport(period, generatedAt, lines, accounts, findings);
	}

	private static BizNoLine auditBizNo(String bizNo, List<Flow> flows, Order order, List<AuditFinding> findings) {
		List<Long> deductions = new ArrayList<>();
		List<Long> reversals = new ArrayList<>();
		BigDecimal net = BigDecimal.ZERO;
		for (Flow flow : flows) {
			net = net.add(flow.amount());
			if (REVERSE_DEDUCT.equals(flow.type())) {
				reversals.add(flow.id());
			}
			else if (flow.amount().signum() < 0) {
				deductions.add(flow.id());
			}
		}
		List<Long> all = flows.stream().map(Flow::id).toList();
		long userId = (order != null) ? order.userId() : flows.get(0).userId();
		if (order == null || !PAID.contains(order.status())) {
			findings.add(new AuditFinding(Kind.FLOW_WITHOUT_PAID_ORDER, bizNo, userId, net, all,
					(order == null) ? "no order " + bizNo : "order is " + order.status()));
			return line(bizNo, userId, order, deductions, reversals, net, BizNoStatus.NO_PAID_ORDER);
		}
		if (deductions.size() - reversals.size() > 1) {
			BigDecimal excess = net.add(order.amount()).negate();
			findings.add(new AuditFinding(Kind.DUPLICATE_DEDUCTION, bizNo, userId, excess, deductions,
					deductions.size() + " deductions, " + reversals.size() + " reversal(s): " + excess.toPlainString()
							+ " charged too much; reverse the extra flow(s)"));
			return line(bizNo, userId, order, deductions, reversals, net, BizNoStatus.DUPLICATE);
		}
		for (Flow flow : flows) {
			if (flow.userId() != order.userId()) {
				findings.add(new AuditFinding(Kind.USER_MISMATCH, bizNo, flow.userId(), flow.amount(),
						List.of(flow.id()), "flow " + flow.id() + " of user " + flow.userId() + ", order of user "
								+ order.userId()));
				return line(bizNo, userId, order, deductions, reversals, net, BizNoStatus.USER_MISMATCH);
			}
		}
		if (net.compareTo(order.amount().negate()) != 0) {
			findings.add(new AuditFinding(Kind.AMOUNT_MISMATCH, bizNo, userId, net, all,
					"net flows " + net.toPlainString() + ", order amount " + order.amount().toPlainString()));
			return line(bizNo, userId, order, deductions, reversals, net, BizNoStatus.AMOUNT_MISMATCH);
		}
		return line(bizNo, userId, order, deductions, reversals, net,
				reversals.isEmpty() ? BizNoStatus.OK : BizNoStatus.REVERSED_DUPLICATE);
	}

	private static BizNoLine line(String bizNo, long userId, Order order, List<Long> deductions,
			List<Long> reversals, BigDecimal net, BizNoStatus status) {
		return new BizNoLine(bizNo, userId, (order != null) ? order.status() : null,
				(order != null) ? order.amount() : null, deductions, reversals, net, status);
	}

}
