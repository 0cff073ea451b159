package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chapter 5.4 of the incident, steps verify and reverse: a duplicate deduction is corrected by a
 * {@code REVERSE_DEDUCT} flow with biz_no {@code <original>-REVERSE} and the opposite (positive) amount, and
 * the balance is credited in the same transaction. Invariants:
 * <ul>
 * <li>A flow is never updated or deleted; the ledger stays auditable.</li>
 * <li>Only a confirmed duplicate is reversed: the biz_no must carry more than one deduction. Reversing the
 * only charge of an order would be a refund, which is another business process.</li>
 * <li>At most one reversal per biz_no: the unique key {@code (biz_no, type)} decides, even when two operators
 * press the button at the same moment; the read-before-write here is only a fast path.</li>
 * <li>Every request is audited with its outcome; a reversal and its audit row commit together.</li>
 * </ul>
 */
public final class ReversalService {

	private static final Logger log = LoggerFactory.getLogger(ReversalService.class);

	public static final String REVERSE_DEDUCT = "REVERSE_DEDUCT";

	public static final String REVERSE_SUFFIX = "-REVERSE";

	private final ReversalLedger ledger;

	private final Clock clock;

	public ReversalService(ReversalLedger ledger, Clock clock) {
		this.ledger = ledger;
		this.clock = clock;
	}

	public ReversalResult reverse(ReversalRequest request) {
		Instant at = this.clock.instant();
		Optional<LedgerFlow> found = this.ledger.flow(request.flowId());
		if (found.isEmpty()) {
			return rejected(request, at, null, null, ReversalOutcome.FLOW_NOT_FOUND, "no flow " + request.flowId());
		}
		LedgerFlow flow = found.get();
		if (REVERSE_DEDUCT.equals(flow.type()) || flow.amount().signum() >= 0) {
			return rejected(request, at, flow.bizNo(), null, ReversalOutcome.NOT_A_DEDUCTION,
					"flow " + flow.id() + " is " + flow.type() + " " + flow.amount().toPlainString());
		}
		String reversalBizNo = flow.bizNo() + REVERSE_SUFFIX;
		List<LedgerFlow> siblings = this.ledger.flowsOf(flow.bizNo());
		long deductions = siblings.stream()
			.filter(f -> f.bizNo().equals(flow.bizNo()) && !REVERSE_DEDUCT.equals(f.type()) && f.amount().signum() < 0)
			.count();
		if (siblings.stream().anyMatch(f -> f.bizNo().equals(reversalBizNo) && REVERSE_DEDUCT.equals(f.type()))) {
			return rejected(request, at, flow.bizNo(), null, ReversalOutcome.ALREADY_REVERSED,
					reversalBizNo + " exists already");
		}
		if (deductions < 2) {
			return rejected(request, at, flow.bizNo(), null, ReversalOutcome.NOT_A_DUPLICATE,
					"biz_no " + flow.bizNo() + " has " + deductions + " deduction(s); nothing to reverse");
		}
		BigDecimal credit = flow.amount().negate();
		LedgerFlow reversal = new LedgerFlow(0, flow.userId(), credit, reversalBizNo, REVERSE_DEDUCT);
		String detail = "reversed flow " + flow.id() + " (" + flow.type() + " " + flow.amount().toPlainString()
				+ "), credited " + credit.toPlainString() + " to user " + flow.userId();
		try {
			ReversalLedger.Posted posted = this.ledger.postReversal(reversal, new ReversalAuditEntry(at,
					request.operator(), request.channel(), flow.id(), flow.bizNo(), request.reason(),
					ReversalOutcome.REVERSED, null, credit, detail));
			log.warn("Reversal by {} via {}: {} as flow {}", request.operator(), request.channel(), detail,
					posted.reversalFlowId());
			return new ReversalResult(ReversalOutcome.REVERSED, flow.id(), flow.bizNo(), posted.reversalFlowId(), credit,
					detail, posted.auditId());
		}
		catch (ReversalLedger.AlreadyReversedException ex) {
			// lost the race to a concurrent request: its reversal stands, ours wrote nothing
			return rejected(request, at, flow.bizNo(), null, ReversalOutcome.ALREADY_REVERSED,
					reversalBizNo + " was posted concurrently");
		}
		catch (ReversalLedger.AccountNotFoundException ex) {
			return rejected(request, at, flow.bizNo(), null, ReversalOutcome.ACCOUNT_NOT_FOUND, ex.getMessage());
		}
	}

	private ReversalResult rejected(ReversalRequest request, Instant at, String bizNo, BigDecimal amount,
			ReversalOutcome outcome, String detail) {
		long auditId = this.ledger.audit(new ReversalAuditEntry(at, request.operator(), request.channel(),
				request.flowId(), bizNo, request.reason(), outcome, null, amount, detail));
		log.info("Reversal request by {} via {} for flow {}: {} ({})", request.operator(), request.channel(),
				request.flowId(), outcome, detail);
		return new ReversalResult(outcome, request.flowId(), bizNo, null, null, detail, auditId);
	}

}
