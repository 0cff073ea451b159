package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.audit.AuditFinding.Kind;
import io.payonce.reconciliation.audit.AuditReport.BizNoStatus;
import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LedgerAuditTest {

	private static final Instant FROM = Instant.parse("2026-09-28T00:00:00Z");

	private static final AuditPeriod DAY = new AuditPeriod(FROM, FROM.plusSeconds(86_400));

	private final LedgerAudit audit = new LedgerAudit();

	@Test
	void duplicateBookedUnderAnotherTypeIsFoundAndUnbalancesTheAccount() {
		// given the incident: two charges of 199.00 for one order, the second under a legacy type
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, "-199.00", "P1", "PAY_DEDUCT"), flow(1002, "-199.00", "P1", "LEGACY_DEDUCT")),
				List.of(paid("P1", "199.00")), List.of(), List.of(account("602.00", "-398.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then
		assertThat(report.balanced()).isFalse();
		assertThat(report.findings()).extracting(AuditFinding::kind)
			.containsExactly(Kind.DUPLICATE_DEDUCTION, Kind.ACCOUNT_UNBALANCED);
		assertThat(report.findings().get(0).flowIds()).containsExactly(1001L, 1002L);
		assertThat(report.findings().get(0).amount()).isEqualByComparingTo("199.00");
		assertThat(report.accounts()).singleElement().satisfies(account -> {
			assertThat(account.opening()).isEqualByComparingTo("1000.00");
			assertThat(account.closing()).isEqualByComparingTo("602.00");
			assertThat(account.expectedClosing()).isEqualByComparingTo("801.00");
		});
		assertThat(AuditReportFormat.markdown(report)).contains("DUPLICATE_DEDUCTION").contains("| P1 |");
		assertThat(AuditReportFormat.csv(report)).contains("FINDING,P1,DUPLICATE_DEDUCTION,10086,199.00,1001 1002");
	}

	@Test
	void reversedDuplicateBalances() {
		// given the same duplicate, reversed by a REVERSE_DEDUCT flow under the order's own biz_no
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, "-199.00", "P1", "PAY_DEDUCT"), flow(1002, "-199.00", "P1", "LEGACY_DEDUCT"),
						reversal(1003, "199.00", "P1", 1002L)),
				List.of(paid("P1", "199.00")), List.of(), List.of(account("801.00", "-199.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then
		assertThat(report.findings()).isEmpty();
		assertThat(report.bizNos()).singleElement().satisfies(line -> {
			assertThat(line.status()).isEqualTo(BizNoStatus.REVERSED_DUPLICATE);
			assertThat(line.reversalFlowIds()).containsExactly(1003L);
		});
		assertThat(report.accounts().get(0).balanced()).isTrue();
	}

	@Test
	void aDuplicateReversedBeforeV2AsBizNoReverseStillBalances() {
		// given the duplicate reversed the old way: X-REVERSE, no reversed flow id
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, "-199.00", "P1", "PAY_DEDUCT"), flow(1002, "-199.00", "P1", "LEGACY_DEDUCT"),
						reversal(1003, "199.00", "P1-REVERSE", null)),
				List.of(paid("P1", "199.00")), List.of(), List.of(account("801.00", "-199.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then
		assertThat(report.findings()).isEmpty();
		assertThat(report.bizNos()).singleElement().satisfies(line -> {
			assertThat(line.bizNo()).isEqualTo("P1");
			assertThat(line.status()).isEqualTo(BizNoStatus.REVERSED_DUPLICATE);
		});
	}

	@Test
	void anOrderNoEndingInReverseIsAuditedAsItsOwnOrder() {
		// given order P1-REVERSE, paid once, next to order P1, paid once
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, "-10.00", "P1", "PAY_DEDUCT"), flow(1002, "-20.00", "P1-REVERSE", "PAY_DEDUCT")),
				List.of(paid("P1", "10.00"), paid("P1-REVERSE", "20.00")), List.of(),
				List.of(account("70.00", "-30.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then each is its own order, charged once; nothing is a reversal
		assertThat(report.findings()).isEmpty();
		assertThat(report.bizNos()).extracting(AuditReport.BizNoLine::bizNo).containsExactly("P1", "P1-REVERSE");
		assertThat(report.bizNos()).allSatisfy(line -> assertThat(line.status()).isEqualTo(BizNoStatus.OK));
	}

	@Test
	void paidOrderWithoutFlowAndFlowWithoutPaidOrderAreFound() {
		// given an unpaid order that was charged, and a paid order that was not
		LedgerSnapshot ledger = new LedgerSnapshot(List.of(flow(1001, "-50.00", "X9", "PAY_DEDUCT")), List.of(),
				List.of(paid("P7", "10.00")), List.of(account("950.00", "-50.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then
		assertThat(report.findings()).extracting(AuditFinding::kind)
			.containsExactlyInAnyOrder(Kind.FLOW_WITHOUT_PAID_ORDER, Kind.PAID_ORDER_WITHOUT_FLOW,
					Kind.ACCOUNT_UNBALANCED);
	}

	@Test
	void aTopUpIsExplainedMovementAndTheAuditBalances() {
		// given 500.00 topped up (reference TU-1, the same text as an order number elsewhere), then P1 paid 199.00
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, "500.00", "TU-1", "TOP_UP"), flow(1002, "-199.00", "P1", "PAY_DEDUCT")),
				List.of(paid("P1", "199.00")), List.of(), List.of(account("301.00", "301.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then the opening balance is the one before the top-up, and nothing is found
		assertThat(report.findings()).isEmpty();
		assertThat(report.bizNos()).extracting(AuditReport.BizNoLine::bizNo).containsExactly("P1");
		assertThat(report.accounts()).singleElement().satisfies(account -> {
			assertThat(account.opening()).isEqualByComparingTo("0.00");
			assertThat(account.closing()).isEqualByComparingTo("301.00");
			assertThat(account.expectedClosing()).isEqualByComparingTo("301.00");
		});
	}

	@Test
	void aBalanceRaisedWithoutAFlowUnbalancesTheAccount() {
		// given P1 paid 199.00 and 500.00 put on the balance by an UPDATE: no flow, so the derived opening is wrong
		LedgerSnapshot ledger = new LedgerSnapshot(List.of(flow(1002, "-199.00", "P1", "PAY_DEDUCT")),
				List.of(paid("P1", "199.00")), List.of(), List.of(account("301.00", "-199.00")));

		// when
		AuditReport report = this.audit.audit(DAY, ledger, FROM);

		// then the account is explained (the audit cannot see the UPDATE), but its opening is 500.00 too high
		assertThat(report.accounts().get(0).opening()).isEqualByComparingTo("500.00");
	}

	@Test
	void theSummaryCountsTheMoneyAndNamesOnlyTheAccountsThatDiffer() {
		// given a top-up, a paid order, and an orphan deduction on another user's account
		Flow orphan = new Flow(1003, 777L, new BigDecimal("-5.00"), "R1", "PAY_DEDUCT", null, FROM.plusSeconds(3));
		List<AuditFinding> findings = new java.util.ArrayList<>();
		LedgerAudit.Run run = this.audit.start(DAY, FROM, new ReportSink() {

			@Override
			public void finding(AuditFinding finding) {
				findings.add(finding);
			}

			@Override
			public void bizNo(AuditReport.BizNoLine line) {
			}

			@Override
			public void account(AuditReport.AccountLine line) {
			}

		});
		run.bizNo("P1", List.of(flow(1002, "-199.00", "P1", "PAY_DEDUCT")), paid("P1", "199.00"));
		run.bizNo("R1", List.of(orphan), null);
		run.topUp(flow(1001, "500.00", "TU-1", "TOP_UP"));
		run.account(account("301.00", "301.00"));
		run.account(new Account(777L, new BigDecimal("95.00"), new BigDecimal("-5.00")));

		// when
		AuditSummary summary = run.finish();

		// then
		assertThat(summary.totals()).isEqualTo(new AuditSummary.Totals(2, new BigDecimal("204.00"), 0,
				BigDecimal.ZERO, 1, new BigDecimal("500.00")));
		assertThat(summary.accountsDiffering()).extracting(AuditReport.AccountLine::userId).containsExactly(777L);
		assertThat(summary.findingsShown()).extracting(AuditFinding::kind)
			.containsExactly(Kind.FLOW_WITHOUT_PAID_ORDER, Kind.ACCOUNT_UNBALANCED);
		String markdown = AuditReportFormat.Markdown.summary(summary, "ledger-audit-x.md");
		assertThat(markdown).contains("2 FINDING(S)", "| top-ups | 1 | 500.00 |", "| deductions | 2 | 204.00 |", "| reversals | 0 | 0.00 |",
				"| FLOW_WITHOUT_PAID_ORDER | R1 |", "| 777 | 100.00 | -5.00 | 95.00 | 100.00 | -5.00 |",
				"`view=full`", "ledger-audit-x.md")
			.doesNotContain("| 10086 |");
	}

	private static Flow flow(long id, String amount, String bizNo, String type) {
		return new Flow(id, 10086L, new BigDecimal(amount), bizNo, type, null, FROM.plusSeconds(id));
	}

	private static Flow reversal(long id, String amount, String bizNo, Long reversesFlowId) {
		return new Flow(id, 10086L, new BigDecimal(amount), bizNo, "REVERSE_DEDUCT", reversesFlowId,
				FROM.plusSeconds(id));
	}

	private static Order paid(String orderNo, String amount) {
		return new Order(orderNo, 10086L, new BigDecimal(amount), "CNY", "PAID");
	}

	private static Account account(String balance, String flowsSinceFrom) {
		return new Account(10086L, new BigDecimal(balance), new BigDecimal(flowsSinceFrom));
	}

}
