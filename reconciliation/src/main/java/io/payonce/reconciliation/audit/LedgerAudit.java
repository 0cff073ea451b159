package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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
 * The ledger audit rules (chapter 5.4: find, verify), plain Java, fed one business number at a time
 * ({@link Run}) or with a whole {@link LedgerSnapshot}.
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

	/** A credit booked by an operator through the top-up API (reconciliation's {@code topup}). */
	public static final String TOP_UP = "TOP_UP";

	private static final Set<String> PAID = Set.of("PAID", "SETTLED");

	/**
	 * An audit that takes the ledger piece by piece ({@link LedgerVisitor}) and sends each line and finding to
	 * {@code sink} at once. It keeps two sums per user with flows in the period, nothing per flow.
	 */
	public Run start(AuditPeriod period, Instant generatedAt, ReportSink sink) {
		return new Run(period, generatedAt, sink);
	}

	/** The whole audit of a ledger held in memory, as one report (tests, small periods). */
	public AuditReport audit(AuditPeriod period, LedgerSnapshot ledger, Instant generatedAt) {
		List<BizNoLine> lines = new ArrayList<>();
		List<AccountLine> accounts = new ArrayList<>();
		List<AuditFinding> findings = new ArrayList<>();
		Run run = start(period, generatedAt, new ReportSink() {

			@Override
			public void finding(AuditFinding finding) {
				findings.add(finding);
			}

			@Override
			public void bizNo(BizNoLine line) {
				lines.add(line);
			}

			@Override
			public void account(AccountLine line) {
				accounts.add(line);
			}

		});
		Map<String, Order> orders = new HashMap<>();
		ledger.orders().forEach(order -> orders.put(order.orderNo(), order));
		Map<String, List<Flow>> byBizNo = new TreeMap<>();
		List<Flow> topUps = new ArrayList<>();
		for (Flow flow : ledger.flows()) {
			if (TOP_UP.equals(flow.type())) {
				topUps.add(flow);
			}
			else {
				byBizNo.computeIfAbsent(flow.owner(), key -> new ArrayList<>()).add(flow);
			}
		}
		byBizNo.forEach((bizNo, flows) -> run.bizNo(bizNo, flows, orders.get(bizNo)));
		ledger.paidOrdersWithoutFlow().forEach(run::paidOrderWithoutFlow);
		topUps.forEach(run::topUp);
		ledger.accounts().forEach(run::account);
		run.finish();
		return new AuditReport(period, generatedAt, lines, accounts, findings);
	}

	/** One audit in progress; not thread-safe (one reader feeds it). */
	public static final class Run implements LedgerVisitor {

		private final AuditPeriod period;

		private final Instant generatedAt;

		private final ReportSink sink;

		/** per user: the flows of the period */
		private final Map<Long, BigDecimal> flowsByUser = new HashMap<>();

		/** per user: what the paid orders charged in this period, and the top-ups, explain */
		private final Map<Long, BigDecimal> explained = new HashMap<>();

		private final List<AuditFinding> findingsShown = new ArrayList<>();

		private final List<AccountLine> accountsDiffering = new ArrayList<>();

		private long deductions;

		private BigDecimal deducted = BigDecimal.ZERO;

		private long reversals;

		private BigDecimal reversed = BigDecimal.ZERO;

		private long topUps;

		private BigDecimal toppedUp = BigDecimal.ZERO;

		private long bizNos;

		private long accounts;

		private long findings;

		private Run(AuditPeriod period, Instant generatedAt, ReportSink sink) {
			this.period = period;
			this.generatedAt = generatedAt;
			this.sink = sink;
		}

		@Override
		public void bizNo(String bizNo, List<Flow> flows, Order order) {
			List<AuditFinding> found = new ArrayList<>();
			this.sink.bizNo(auditBizNo(bizNo, flows, order, found));
			this.bizNos++;
			found.forEach(this::found);
			for (Flow flow : flows) {
				this.flowsByUser.merge(flow.userId(), flow.amount(), BigDecimal::add);
				if (REVERSE_DEDUCT.equals(flow.type())) {
					this.reversals++;
					this.reversed = this.reversed.add(flow.amount());
				}
				else if (flow.amount().signum() < 0) {
					this.deductions++;
					this.deducted = this.deducted.subtract(flow.amount());
				}
			}
			if (order != null && PAID.contains(order.status())) {
				this.explained.merge(order.userId(), order.amount().negate(), BigDecimal::add);
			}
		}

		@Override
		public void paidOrderWithoutFlow(Order order) {
			this.sink.bizNo(new BizNoLine(order.orderNo(), order.userId(), order.status(), order.amount(), List.of(),
					List.of(), BigDecimal.ZERO, BizNoStatus.MISSING_FLOW));
			this.bizNos++;
			found(new AuditFinding(Kind.PAID_ORDER_WITHOUT_FLOW, order.orderNo(), order.userId(), order.amount(),
					List.of(), "order " + order.status() + " but no flow: the user was not charged"));
		}

		@Override
		public void topUp(Flow flow) {
			// explained by its own audit row: it moves the balance and the expectation alike
			this.flowsByUser.merge(flow.userId(), flow.amount(), BigDecimal::add);
			this.explained.merge(flow.userId(), flow.amount(), BigDecimal::add);
			this.topUps++;
			this.toppedUp = this.toppedUp.add(flow.amount());
		}

		@Override
		public void account(Account account) {
			BigDecimal flows = this.flowsByUser.getOrDefault(account.userId(), BigDecimal.ZERO);
			BigDecimal explainedByOrders = this.explained.getOrDefault(account.userId(), BigDecimal.ZERO);
			BigDecimal opening = account.balance().subtract(account.flowsSinceFrom());
			BigDecimal closing = opening.add(flows);
			BigDecimal expectedClosing = opening.add(explainedByOrders);
			AccountLine line = new AccountLine(account.userId(), opening, flows, closing, expectedClosing,
					closing.subtract(expectedClosing));
			this.sink.account(line);
			this.accounts++;
			if (!line.balanced()) {
				if (this.accountsDiffering.size() < AuditSummary.SHOWN) {
					this.accountsDiffering.add(line);
				}
				found(new AuditFinding(Kind.ACCOUNT_UNBALANCED, Long.toString(account.userId()), account.userId(),
						line.difference(), List.of(), "flows " + flows.toPlainString()
								+ " but paid orders and top-ups explain " + explainedByOrders.toPlainString()));
			}
		}

		/** The counts, once the reader is done. */
		public AuditSummary finish() {
			return new AuditSummary(this.period, this.generatedAt, this.bizNos, this.accounts, this.findings,
					new AuditSummary.Totals(this.deductions, this.deducted, this.reversals, this.reversed, this.topUps,
							this.toppedUp),
					this.findingsShown, this.accountsDiffering);
		}

		private void found(AuditFinding finding) {
			this.sink.finding(finding);
			if (this.findingsShown.size() < AuditSummary.SHOWN) {
				this.findingsShown.add(finding);
			}
			this.findings++;
		}

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
