package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

import io.payonce.ops.logging.TraceLogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chapter 5.4 of the incident, steps verify and reverse: a duplicate deduction is corrected by a
 * {@code REVERSE_DEDUCT} flow under the same biz_no with the opposite (positive) amount, linked to the flow it
 * reverses, and the balance is credited in the same transaction. Invariants:
 * <ul>
 * <li>A flow is never updated or deleted; the ledger stays auditable.</li>
 * <li>Only a confirmed duplicate is reversed: the biz_no must carry more than one deduction. Reversing the
 * only charge of an order would be a refund, which is another business process.</li>
 * <li>A reversal never credits more than the flow it reverses: its amount is taken from that flow's row in the
 * statement that inserts it, and the credit is that amount.</li>
 * <li>At most one reversal per biz_no and per flow: the unique keys {@code (biz_no, type)} and
 * {@code (reverses_flow_id)} decide, even when two operators press the button at the same moment; the
 * read-before-write here is only a fast path. A reversal from before trade migration V2 ({@code <biz_no>-REVERSE})
 * counts as the biz_no's reversal (see {@link Reversals}).</li>
 * <li>Every request is audited with its outcome; a reversal and its audit row commit together.</li>
 * <li>A booked reversal is announced ({@link ReversalNotices}) after its commit, never before: continuous
 * reconciliation settles the order's DUPLICATE finding with it. Asking again for a reversed flow announces the
 * standing reversal again, as its audit row tells it: the way to repair a notice lost after the commit.</li>
 * </ul>
 */
public final class ReversalService {

	private static final Logger log = LoggerFactory.getLogger(ReversalService.class);

	private final ReversalLedger ledger;

	private final Clock clock;

	private final ReversalNotices notices;

	public ReversalService(ReversalLedger ledger, Clock clock, ReversalNotices notices) {
		this.ledger = ledger;
		this.clock = clock;
		this.notices = notices;
	}

	public ReversalResult reverse(ReversalRequest request) {
		// to the millisecond, as the ledger and the audit row hold it: an announcement read back from the audit row
		// then names the same instant as the first one
		Instant at = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Optional<LedgerFlow> found = this.ledger.flow(request.flowId());
		if (found.isEmpty()) {
			return rejected(request, at, null, ReversalOutcome.FLOW_NOT_FOUND, "no flow " + request.flowId());
		}
		LedgerFlow flow = found.get();
		// every line about this reversal names its order (the flow's biz_no) in the logging context
		try (TraceLogContext order = TraceLogContext.enter(flow.bizNo(), null)) {
			return reverseFlow(request, at, flow);
		}
	}

	private ReversalResult reverseFlow(ReversalRequest request, Instant at, LedgerFlow flow) {
		if (!flow.isDeduction()) {
			return rejected(request, at, flow.bizNo(), ReversalOutcome.NOT_A_DEDUCTION,
					"flow " + flow.id() + " is " + flow.type() + " " + flow.amount().toPlainString());
		}
		String bizNo = flow.bizNo();
		List<LedgerFlow> siblings = this.ledger.flowsOf(bizNo);
		Optional<LedgerFlow> reversal = siblings.stream()
			.filter((f) -> f.isReversal() && f.owner().equals(bizNo))
			.findFirst();
		if (reversal.isPresent()) {
			ReversalResult already = rejected(request, at, bizNo, ReversalOutcome.ALREADY_REVERSED,
					"biz_no " + bizNo + " is reversed already by flow " + reversal.get().id());
			// announced again as it was booked: repairs a notice lost after the commit (Kafka away); a repeat
			// settles nothing twice (reconciliation knows the reversed flow)
			this.ledger.booked(reversal.get()).ifPresent(this::notify);
			return already;
		}
		Optional<LedgerFlow> placeHolder = siblings.stream()
			.filter((f) -> f.isReversal() && f.bizNo().equals(bizNo))
			.findFirst();
		if (placeHolder.isPresent()) {
			return rejected(request, at, bizNo, ReversalOutcome.REVERSAL_PLACE_TAKEN,
					"flow " + placeHolder.get().id() + " (a reversal of " + placeHolder.get().owner()
							+ " booked before trade migration V2) holds the reversal place of " + bizNo);
		}
		long deductions = siblings.stream().filter((f) -> f.bizNo().equals(bizNo) && f.isDeduction()).count();
		if (deductions < 2) {
			return rejected(request, at, bizNo, ReversalOutcome.NOT_A_DUPLICATE,
					"biz_no " + bizNo + " has " + deductions + " deduction(s); nothing to reverse");
		}
		BigDecimal credit = flow.amount().negate();
		String detail = "reversed flow " + flow.id() + " (" + flow.type() + " " + flow.amount().toPlainString()
				+ "), credited " + credit.toPlainString() + " to user " + flow.userId();
		try {
			ReversalLedger.Posted posted = this.ledger.postReversal(flow, new ReversalAuditEntry(at,
					request.operator(), request.channel(), flow.id(), bizNo, request.reason(),
					ReversalOutcome.REVERSED, null, credit, detail));
			log.warn("Reversal by {} via {}: {} as flow {}", request.operator(), request.channel(), detail,
					posted.reversalFlowId());
			notify(new ReversalBooked(bizNo, flow.id(), posted.reversalFlowId(), flow.userId(), credit,
					request.operator(), request.channel().name(), at));
			return new ReversalResult(ReversalOutcome.REVERSED, flow.id(), bizNo, posted.reversalFlowId(), credit,
					detail, posted.auditId());
		}
		catch (ReversalLedger.AlreadyReversedException ex) {
			// lost the race to a concurrent request: its reversal stands, ours wrote nothing
			return rejected(request, at, bizNo, ReversalOutcome.ALREADY_REVERSED,
					"biz_no " + bizNo + " was reversed concurrently");
		}
		catch (ReversalLedger.AccountNotFoundException ex) {
			return rejected(request, at, bizNo, ReversalOutcome.ACCOUNT_NOT_FOUND, ex.getMessage());
		}
	}

	/** After the commit: the reversal stands whatever happens here. */
	private void notify(ReversalBooked booked) {
		try {
			this.notices.booked(booked);
		}
		catch (RuntimeException ex) {
			log.error("Reversal of order {} is booked ({}) but reconciliation was not told: its DUPLICATE finding stays "
					+ "open on the findings topic (the findings API reads the ledger and shows it settled) until the same "
					+ "reversal is asked for again, which announces it once more: {}", booked.orderNo(),
					booked.describe(), ex.toString());
		}
	}

	private ReversalResult rejected(ReversalRequest request, Instant at, String bizNo, ReversalOutcome outcome,
			String detail) {
		long auditId = this.ledger.audit(new ReversalAuditEntry(at, request.operator(), request.channel(),
				request.flowId(), bizNo, request.reason(), outcome, null, null, detail));
		log.info("Reversal request by {} via {} for flow {}: {} ({})", request.operator(), request.channel(),
				request.flowId(), outcome, detail);
		return new ReversalResult(outcome, request.flowId(), bizNo, null, null, detail, auditId);
	}

}
