package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.statement.StatementFinding.Kind;

/**
 * Matches a platform's statement of one UTC day three ways: its rows against the gateway's payments of that day
 * ({@code t_payment}, by payNo), and the order's payment against the trade ledger (its {@code PAY_DEDUCT}). Pure:
 * it decides, it repairs nothing. The rules:
 * <ul>
 * <li>a statement row whose payNo has no successful recorded payment: {@link Kind#MISSING_CALLBACK};</li>
 * <li>a successful recorded payment of the day that is not on the statement: {@link Kind#UNKNOWN_PAYMENT};</li>
 * <li>both, with another amount: {@link Kind#AMOUNT_MISMATCH} (another currency: one finding in each currency, so
 * each currency's totals still balance);</li>
 * <li>an order with more than one successful payment (statement and records together): every payment but the one
 * that holds the order is a {@link Kind#DUPLICATE_PAYMENT}, on the refund list when the gateway recorded it as a
 * DUPLICATE (it published its {@code DuplicatePayment} then); the one that holds the order is the recorded PRIMARY,
 * else the ledger's payNo of the order, else the statement's earliest;</li>
 * <li>a matched PRIMARY without a deduction: {@link Kind#NOT_DEDUCTED}; with another amount and not reversed:
 * {@link Kind#DEDUCTION_MISMATCH}.</li>
 * </ul>
 * Totals per currency ({@link CurrencyBalance}): the statement sum equals the recorded sum plus what the
 * findings explain; a currency that does not balance means the matcher missed something, and says so.
 */
public final class StatementMatcher {

	private StatementMatcher() {
	}

	/** What the statement and the books disagree on, and the totals. */
	public record Match(List<StatementFinding> findings, List<CurrencyBalance> balances) {

		public Match {
			findings = List.copyOf(findings);
			balances = List.copyOf(balances);
		}

		public boolean balanced() {
			return this.balances.stream().allMatch(CurrencyBalance::balances);
		}

	}

	public static Match match(Statement statement, List<RecordedPayment> recorded, Map<String, LedgerDeduction> ledger) {
		Map<String, RecordedPayment> byPayNo = new LinkedHashMap<>();
		for (RecordedPayment payment : recorded) {
			byPayNo.put(payment.payNo(), payment);
		}
		Totals totals = new Totals();
		List<StatementFinding> findings = new ArrayList<>();
		Set<String> onStatement = new LinkedHashSet<>();
		for (Statement.Line line : statement.rows()) {
			StatementRow row = line.row();
			onStatement.add(row.payNo());
			totals.of(row.currency()).stated(row.amount());
			RecordedPayment payment = byPayNo.get(row.payNo());
			if (payment == null || !payment.succeeded()) {
				String detail = (payment == null) ? "paid at the platform, never recorded: its callback never came"
						: "recorded with status " + payment.status() + ", never SUCCESS";
				findings.add(new StatementFinding(Kind.MISSING_CALLBACK, line.number(), row.payNo(), row.orderNo(),
						row.currency(), row.amount(), null, null, detail));
				continue;
			}
			amounts(line, row, payment, findings);
			if (payment.isPrimary()) {
				deduction(line, row, payment, ledger.get(row.orderNo()), findings, totals);
			}
		}
		for (RecordedPayment payment : recorded) {
			if (payment.succeeded()) {
				totals.of(payment.currency()).recorded(payment.amount());
				if (!onStatement.contains(payment.payNo())) {
					findings.add(new StatementFinding(Kind.UNKNOWN_PAYMENT, null, payment.payNo(), payment.orderNo(),
							payment.currency(), null, payment.amount(), null,
							"recorded (" + payment.kind() + ", by " + payment.source()
									+ "), not on the platform's statement: money the platform does not know of"));
				}
			}
		}
		findings.addAll(duplicates(statement, recorded, ledger));
		for (StatementFinding finding : findings) {
			if (finding.kind().explainsTotals()) {
				totals.of(finding.currency()).explain(finding);
			}
		}
		findings.sort(Comparator.comparing((StatementFinding f) -> (f.line() != null) ? f.line() : Integer.MAX_VALUE)
			.thenComparing(StatementFinding::kind)
			.thenComparing(StatementFinding::payNo));
		return new Match(findings, totals.balances());
	}

	private static void amounts(Statement.Line line, StatementRow row, RecordedPayment payment,
			List<StatementFinding> findings) {
		if (!row.currency().equals(payment.currency())) {
			String detail = "the statement says " + row.amount().toPlainString() + " " + row.currency() + ", we recorded "
					+ payment.amount().toPlainString() + " " + payment.currency();
			findings.add(new StatementFinding(Kind.AMOUNT_MISMATCH, line.number(), row.payNo(), row.orderNo(),
					row.currency(), row.amount(), BigDecimal.ZERO, null, detail));
			findings.add(new StatementFinding(Kind.AMOUNT_MISMATCH, line.number(), row.payNo(), row.orderNo(),
					payment.currency(), BigDecimal.ZERO, payment.amount(), null, detail));
		}
		else if (row.amount().compareTo(payment.amount()) != 0) {
			findings.add(new StatementFinding(Kind.AMOUNT_MISMATCH, line.number(), row.payNo(), row.orderNo(),
					row.currency(), row.amount(), payment.amount(), null,
					"the statement says " + row.amount().toPlainString() + ", we recorded "
							+ payment.amount().toPlainString() + " (difference "
							+ row.amount().subtract(payment.amount()).toPlainString() + ")"));
		}
	}

	private static void deduction(Statement.Line line, StatementRow row, RecordedPayment payment,
			LedgerDeduction deduction, List<StatementFinding> findings, Totals totals) {
		CurrencyTotals currency = totals.of(payment.currency());
		currency.expectDeducted(payment.amount());
		if (deduction == null || deduction.deducted() == null) {
			findings.add(new StatementFinding(Kind.NOT_DEDUCTED, line.number(), row.payNo(), row.orderNo(),
					payment.currency(), row.amount(), payment.amount(), null,
					(deduction == null) ? "the order is not in the trade schema"
							: "no PAY_DEDUCT for the order: in the retry ladder, terminal or lost"));
			return;
		}
		currency.deducted(deduction.deducted());
		if (!deduction.reversed() && deduction.deducted().compareTo(payment.amount()) != 0) {
			findings.add(new StatementFinding(Kind.DEDUCTION_MISMATCH, line.number(), row.payNo(), row.orderNo(),
					payment.currency(), row.amount(), payment.amount(), null,
					"the ledger deducted " + deduction.deducted().toPlainString() + " for a payment of "
							+ payment.amount().toPlainString()));
		}
	}

	private static List<StatementFinding> duplicates(Statement statement, List<RecordedPayment> recorded,
			Map<String, LedgerDeduction> ledger) {
		Map<String, List<Statement.Line>> linesByOrder = new LinkedHashMap<>();
		for (Statement.Line line : statement.rows()) {
			linesByOrder.computeIfAbsent(line.row().orderNo(), (o) -> new ArrayList<>()).add(line);
		}
		Map<String, List<RecordedPayment>> recordedByOrder = new LinkedHashMap<>();
		for (RecordedPayment payment : recorded) {
			if (payment.succeeded()) {
				recordedByOrder.computeIfAbsent(payment.orderNo(), (o) -> new ArrayList<>()).add(payment);
			}
		}
		Set<String> orders = new TreeSet<>(linesByOrder.keySet());
		orders.addAll(recordedByOrder.keySet());
		List<StatementFinding> findings = new ArrayList<>();
		for (String orderNo : orders) {
			List<Statement.Line> lines = linesByOrder.getOrDefault(orderNo, List.of());
			List<RecordedPayment> payments = recordedByOrder.getOrDefault(orderNo, List.of());
			Map<String, Statement.Line> lineOf = new LinkedHashMap<>();
			lines.stream()
				.sorted(Comparator.comparing((Statement.Line l) -> l.row().paidAt()).thenComparing((l) -> l.row().payNo()))
				.forEach((l) -> lineOf.put(l.row().payNo(), l));
			Map<String, RecordedPayment> recordedOf = new LinkedHashMap<>();
			payments.forEach((p) -> recordedOf.put(p.payNo(), p));
			Set<String> payNos = new LinkedHashSet<>(lineOf.keySet());
			payNos.addAll(recordedOf.keySet());
			boolean recordedDuplicate = payments.stream().anyMatch((p) -> !p.isPrimary());
			if (payNos.size() < 2 && !recordedDuplicate) {
				continue;
			}
			String holder = holder(orderNo, payments, ledger.get(orderNo), lineOf);
			for (String payNo : payNos) {
				RecordedPayment payment = recordedOf.get(payNo);
				boolean owedBack = (payment != null) ? !payment.isPrimary() : !payNo.equals(holder);
				if (!owedBack) {
					continue;
				}
				Statement.Line line = lineOf.get(payNo);
				String currency = (line != null) ? line.row().currency() : payment.currency();
				String detail = (payment != null)
						? "second payment of the order (held by " + holder + "): on the refund list, recorded "
								+ payment.kind() + " by " + payment.source()
						: "second payment of the order (held by " + holder
								+ "): not recorded, so not on the refund list until repaired";
				findings.add(new StatementFinding(Kind.DUPLICATE_PAYMENT, (line != null) ? line.number() : null, payNo,
						orderNo, currency, (line != null) ? line.row().amount() : null,
						(payment != null) ? payment.amount() : null, null, detail));
			}
		}
		return findings;
	}

	/** The payNo that holds the order: recorded PRIMARY, else the ledger's, else the statement's earliest. */
	private static String holder(String orderNo, List<RecordedPayment> payments, LedgerDeduction deduction,
			Map<String, Statement.Line> linesInPaidOrder) {
		for (RecordedPayment payment : payments) {
			if (payment.isPrimary()) {
				return payment.payNo();
			}
		}
		if (deduction != null && deduction.orderPayNo() != null) {
			return deduction.orderPayNo();
		}
		return linesInPaidOrder.keySet().stream().findFirst().orElse("an earlier payment of " + orderNo);
	}

	private static final class Totals {

		private final Map<String, CurrencyTotals> byCurrency = new TreeMap<>();

		CurrencyTotals of(String currency) {
			return this.byCurrency.computeIfAbsent(currency, CurrencyTotals::new);
		}

		List<CurrencyBalance> balances() {
			return this.byCurrency.values().stream().map(CurrencyTotals::balance).toList();
		}

	}

	private static final class CurrencyTotals {

		private final String currency;

		private int statementCount;

		private BigDecimal statement = BigDecimal.ZERO;

		private int recordedCount;

		private BigDecimal recorded = BigDecimal.ZERO;

		private BigDecimal missing = BigDecimal.ZERO;

		private BigDecimal unknown = BigDecimal.ZERO;

		private BigDecimal mismatch = BigDecimal.ZERO;

		private BigDecimal expectedDeducted = BigDecimal.ZERO;

		private BigDecimal deducted = BigDecimal.ZERO;

		CurrencyTotals(String currency) {
			this.currency = Objects.requireNonNull(currency);
		}

		void stated(BigDecimal amount) {
			this.statementCount++;
			this.statement = this.statement.add(amount);
		}

		void recorded(BigDecimal amount) {
			this.recordedCount++;
			this.recorded = this.recorded.add(amount);
		}

		void expectDeducted(BigDecimal amount) {
			this.expectedDeducted = this.expectedDeducted.add(amount);
		}

		void deducted(BigDecimal amount) {
			this.deducted = this.deducted.add(amount);
		}

		void explain(StatementFinding finding) {
			switch (finding.kind()) {
				case MISSING_CALLBACK -> this.missing = this.missing.add(finding.statementAmount());
				case UNKNOWN_PAYMENT -> this.unknown = this.unknown.add(finding.recordedAmount());
				case AMOUNT_MISMATCH -> this.mismatch = this.mismatch.add(finding.difference());
				default -> throw new IllegalStateException(finding.kind() + " explains no total");
			}
		}

		CurrencyBalance balance() {
			return new CurrencyBalance(this.currency, this.statementCount, this.statement, this.recordedCount,
					this.recorded, this.missing, this.unknown, this.mismatch, this.expectedDeducted, this.deducted);
		}

	}

}
