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
