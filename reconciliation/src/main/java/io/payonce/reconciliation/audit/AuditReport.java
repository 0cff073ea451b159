package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The result of one ledger audit. {@link #balanced()} iff nothing was found.
 *
 * @param bizNos one line per biz_no with flows in the period, and per PAID order without a flow
 * @param accounts one line per account with flows in the period
 */
public record AuditReport(AuditPeriod period, Instant generatedAt, List<BizNoLine> bizNos,
		List<AccountLine> accounts, List<AuditFinding> findings) {

	public AuditReport {
		bizNos = List.copyOf(bizNos);
		accounts = List.copyOf(accounts);
		findings = List.copyOf(findings);
	}

	public boolean balanced() {
		return this.findings.isEmpty();
	}

	public enum BizNoStatus {

		OK,
		/** A duplicate deduction that has been reversed: the net is right again. */
		REVERSED_DUPLICATE, DUPLICATE, AMOUNT_MISMATCH, USER_MISMATCH, NO_PAID_ORDER, MISSING_FLOW

	}

	/**
	 * @param orderStatus {@code null} when there is no order
	 * @param deductionFlowIds negative flows of any type but REVERSE_DEDUCT
	 * @param reversalFlowIds REVERSE_DEDUCT flows of the biz_no (and its pre-V2 {@code <biz_no>-REVERSE} ones)
	 * @param net sum of every flow of the biz_no in the period
	 */
	public record BizNoLine(String bizNo, Long userId, String orderStatus, BigDecimal orderAmount,
			List<Long> deductionFlowIds, List<Long> reversalFlowIds, BigDecimal net, BizNoStatus status) {

		public BizNoLine {
			deductionFlowIds = List.copyOf(deductionFlowIds);
			reversalFlowIds = List.copyOf(reversalFlowIds);
		}

	}

	/**
	 * Balances of one account over the period. {@code opening} is derived (the trade schema keeps no opening
	 * balance): balance now minus every flow since the period's start. {@code closing = opening + flows} is the
	 * ledger's view; {@code expectedClosing = opening - amounts of the PAID orders charged in the period} is
	 * the orders' view; the difference is money moved that no order explains.
	 */
	public record AccountLine(long userId, BigDecimal opening, BigDecimal flows, BigDecimal closing,
			BigDecimal expectedClosing, BigDecimal difference) {

		public boolean balanced() {
			return this.difference.signum() == 0;
		}

	}

}
