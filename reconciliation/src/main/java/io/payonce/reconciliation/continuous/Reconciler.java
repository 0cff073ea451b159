package io.payonce.reconciliation.continuous;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.reconciliation.reversal.ReversalBooked;

/**
 * The rules of continuous reconciliation, per order, without Kafka: each input returns the new view and the
 * findings it causes. Invariants:
 * <ul>
 * <li>The same payment event (replay, retry) never changes the view; the first payment wins.</li>
 * <li>Deductions are distinct by flowId: the relay re-publishing one outbox row is not a double charge, two
 * flow rows are.</li>
 * <li>MISSING is emitted at most once per order, DUPLICATE once per extra flow, MISMATCH once per flow.</li>
 * <li>A MISSING is settled at most once: by the order's first deduction arriving after it was raised (a payment
 * that waited out an outage in the retry ladder). The settlement is a record of its own with the MISSING's id;
 * what stays unsettled is what is still missing.</li>
 * <li>A DUPLICATE is settled at most once: by the reversal that leaves the order with one standing deduction
 * (never by one that leaves two: a third charge needs a human). Its settlement names the reversal.</li>
 * </ul>
 */
public final class Reconciler {

	private final Duration window;

	private final Duration retention;

	/**
	 * @param window how long a payment may wait for its deduction before it is MISSING
	 * @param retention how long an order's view is kept after its last change (late duplicates are caught
	 * within it)
	 */
	public Reconciler(Duration window, Duration retention) {
		if (window.isNegative() || window.isZero()) {
			throw new IllegalArgumentException("window must be positive: " + window);
		}
		if (retention.compareTo(window) <= 0) {
			throw new IllegalArgumentException("retention " + retention + " must exceed the window " + window);
		}
		this.window = window;
		this.retention = retention;
	}

	/** The result of one step: {@code view == null} means the view is to be removed. */
	public record Outcome(OrderView view, List<Finding> findings, boolean changed) {

		static Outcome unchanged(OrderView view) {
			return new Outcome(view, List.of(), false);
		}

	}

	public Outcome onPayment(OrderView current, PaySuccess payment, String eventId, Instant now) {
		OrderView view = (current != null) ? current : OrderView.empty(payment.orderNo(), now);
		if (view.payment() != null) {
			return Outcome.unchanged(view); // replay or retry of the payment: dedupe by orderNo
		}
		PaymentSeen seen = new PaymentSeen(eventId, payment.payNo(), payment.userId(), payment.amount(),
				payment.currency(), payment.paidAt(), now);
		OrderView withPayment = new OrderView(view.orderNo(), seen, view.deductions(), view.missingReported(),
				view.mismatchReported(), now, view.reversedFlows());
		// deductions may have arrived first (two topics, no order between them): check them now
		List<Finding> findings = new ArrayList<>();
		Set<Long> mismatched = new HashSet<>(withPayment.mismatchReported());
		for (DeductionSeen deduction : withPayment.deductions()) {
			mismatch(withPayment, deduction, now).ifPresent(finding -> {
				findings.add(finding);
				mismatched.add(deduction.flowId());
			});
		}
		return new Outcome(withMismatches(withPayment, mismatched), findings, true);
	}

	public Outcome onDeduction(OrderView current, PayDeducted deducted, Instant now) {
		OrderView view = (current != null) ? current : OrderView.empty(deducted.orderNo(), now);
		if (view.hasFlow(deducted.flowId())) {
			return Outcome.unchanged(view); // the same flow row re-published: not a duplicate
		}
		DeductionSeen deduction = new DeductionSeen(deducted.flowId(), deducted.payNo(), deducted.userId(),
				deducted.amount(), deducted.currency(), deducted.deductedAt());
		boolean settlesMissing = view.missingReported() && view.deductions().isEmpty() && view.payment() != null;
		List<DeductionSeen> deductions = new ArrayList<>(view.deductions());
		deductions.add(deduction);
		OrderView updated = new OrderView(view.orderNo(), view.payment(), deductions, view.missingReported(),
				view.mismatchReported(), now, view.reversedFlows());
		List<Finding> findings = new ArrayList<>();
		if (settlesMissing) {
			findings.add(missingSettled(updated, deduction, now));
		}
		if (deductions.size() > 1) {
			Finding duplicate = new Finding(duplicateId(updated.orderNo(), deduction.flowId()),
					FindingKind.DUPLICATE, updated.orderNo(), updated.payment(), deductions,
					deductions.size() + " distinct deductions (flows "
							+ deductions.stream().map(d -> Long.toString(d.flowId())).collect(Collectors.joining(", "))
							+ ") for one order",
					now);
			findings.add(duplicate);
			if (updated.standingDeductions() <= 1) {
				// the reversal was read before this deduction (two topics, no order between them): settled at once
				findings.add(duplicate.settledBy(new Finding.Settlement(now, null,
						"already reversed: flow(s) " + reversed(updated) + " given back by an operator's reversal")));
			}
		}
		Set<Long> mismatched = new HashSet<>(updated.mismatchReported());
		mismatch(updated, deduction, now).ifPresent(finding -> {
			findings.add(finding);
			mismatched.add(deduction.flowId());
		});
		return new Outcome(withMismatches(updated, mismatched), findings, true);
	}

	/**
	 * An operator's reversal booked in the ledger. When it leaves the order with at most one standing deduction,
	 * every DUPLICATE finding of the order is settled: a settlement record per finding (the ids are known here,
	 * they are the extra deductions in the order they arrived), naming the reversal. A reversal read before the
	 * duplicate deduction it reverses is kept in the view and settles the DUPLICATE as it is raised.
	 */
	public Outcome onReversal(OrderView current, ReversalBooked reversal, Instant now) {
		OrderView view = (current != null) ? current : OrderView.empty(reversal.orderNo(), now);
		if (view.reversedFlows().contains(reversal.reversedFlowId())) {
			return Outcome.unchanged(view); // the same notice again
		}
		boolean standingBefore = view.standingDeductions() > 1;
		Set<Long> reversedFlows = new HashSet<>(view.reversedFlows());
		reversedFlows.add(reversal.reversedFlowId());
		OrderView updated = new OrderView(view.orderNo(), view.payment(), view.deductions(), view.missingReported(),
				view.mismatchReported(), now, reversedFlows);
		List<Finding> findings = new ArrayList<>();
		if (standingBefore && updated.standingDeductions() <= 1) {
			Finding.Settlement settlement = new Finding.Settlement(now, null, "reversed by " + reversal.describe());
			List<DeductionSeen> deductions = updated.deductions();
			// the first deduction to arrive raised nothing; each one after it raised one DUPLICATE
			for (DeductionSeen extra : deductions.subList(1, deductions.size())) {
				findings.add(new Finding(duplicateId(updated.orderNo(), extra.flowId()), FindingKind.DUPLICATE,
						updated.orderNo(), updated.payment(), deductions, settlement.detail(), now, settlement));
			}
		}
		return new Outcome(updated, findings, true);
	}

	private static String duplicateId(String orderNo, long flowId) {
		return FindingKind.DUPLICATE + ":" + orderNo + ":" + flowId;
	}

	private static String reversed(OrderView view) {
		return view.reversedFlows().stream().sorted().map(String::valueOf).collect(Collectors.joining(", "));
	}

	/** Called on every wall-clock tick for every view: MISSING when the window passed, removal after retention. */
	public Outcome onTick(OrderView view, Instant now) {
		if (!view.lastChangeAt().plus(this.retention).isAfter(now)) {
			return new Outcome(null, List.of(), true);
		}
		PaymentSeen payment = view.payment();
		if (payment == null || !view.deductions().isEmpty() || view.missingReported()
				|| payment.seenAt().plus(this.window).isAfter(now)) {
			return Outcome.unchanged(view);
		}
		Finding missing = new Finding(FindingKind.MISSING + ":" + view.orderNo(), FindingKind.MISSING,
				view.orderNo(), payment, List.of(),
				"payment " + payment.payNo() + " of " + payment.amount().toPlainString() + " " + payment.currency()
						+ " has no deduction after " + this.window,
				now);
		// lastChangeAt is kept: reporting is not a change of what we know about the order
		OrderView reported = new OrderView(view.orderNo(), payment, view.deductions(), true, view.mismatchReported(),
				view.lastChangeAt(), view.reversedFlows());
		return new Outcome(reported, List.of(missing), true);
	}

	private Finding missingSettled(OrderView view, DeductionSeen deduction, Instant now) {
		Duration lateBy = Duration.between(view.payment().seenAt(), now);
		String detail = "deduction flow " + deduction.flowId() + " of payment " + deduction.payNo() + " arrived "
				+ lateBy + " after the payment (window " + this.window + ")";
		return new Finding(FindingKind.MISSING + ":" + view.orderNo(), FindingKind.MISSING, view.orderNo(),
				view.payment(), view.deductions(), detail, now, new Finding.Settlement(now, lateBy, detail, deduction.flowId()));
	}

	/**
	 * When {@link #onTick} can next change this view: the end of the MISSING window while the payment waits,
	 * else the end of retention. The processor indexes views by this instant so that a tick only touches the
	 * views that are due, not the whole store.
	 */
	public Instant nextCheck(OrderView view) {
		Instant expiry = view.lastChangeAt().plus(this.retention);
		PaymentSeen payment = view.payment();
		if (payment != null && view.deductions().isEmpty() && !view.missingReported()) {
			Instant missingDue = payment.seenAt().plus(this.window);
			return missingDue.isBefore(expiry) ? missingDue : expiry;
		}
		return expiry;
	}

	private Optional<Finding> mismatch(OrderView view, DeductionSeen deduction, Instant now) {
		PaymentSeen payment = view.payment();
		if (payment == null || view.mismatchReported().contains(deduction.flowId())) {
			return Optional.empty();
		}
		List<String> differences = new ArrayList<>();
		if (payment.userId() != deduction.userId()) {
			differences.add("user " + deduction.userId() + " instead of " + payment.userId());
		}
		// compareTo, not equals: 199.0 and 199.00 are the same money
		if (payment.amount().compareTo(deduction.amount()) != 0) {
			differences.add("amount " + deduction.amount().toPlainString() + " instead of "
					+ payment.amount().toPlainString());
		}
		if (!Objects.equals(payment.currency(), deduction.currency())) {
			differences.add("currency " + deduction.currency() + " instead of " + payment.currency());
		}
		if (differences.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Finding(FindingKind.MISMATCH + ":" + view.orderNo() + ":" + deduction.flowId(),
				FindingKind.MISMATCH, view.orderNo(), payment, view.deductions(),
				"deduction flow " + deduction.flowId() + " has " + String.join(", ", differences), now));
	}

	private static OrderView withMismatches(OrderView view, Set<Long> mismatched) {
		return new OrderView(view.orderNo(), view.payment(), view.deductions(), view.missingReported(), mismatched,
				view.lastChangeAt(), view.reversedFlows());
	}

}
