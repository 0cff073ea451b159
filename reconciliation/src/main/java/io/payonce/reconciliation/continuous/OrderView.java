package io.payonce.reconciliation.continuous;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * What reconciliation knows about one order, the value of the state store (key = orderNo).
 *
 * @param payment first payment seen, or {@code null} while only deductions are known
 * @param deductions distinct deductions in arrival order (dedupe by flowId: a relay replay is not a duplicate)
 * @param missingReported MISSING was already emitted; never emitted twice for one order
 * @param mismatchReported flow ids already reported as MISMATCH
 * @param lastChangeAt wall-clock of the last change; the view is dropped {@code retention} after it
 * @param reversedFlows flow ids an operator's reversal gave back (a reversal may be read before the deduction it
 * reverses: the two come from different topics); empty in a view stored before reversals were read
 */
public record OrderView(String orderNo, PaymentSeen payment, List<DeductionSeen> deductions,
		boolean missingReported, Set<Long> mismatchReported, Instant lastChangeAt, Set<Long> reversedFlows) {

	public OrderView {
		deductions = List.copyOf(deductions);
		mismatchReported = Set.copyOf(mismatchReported);
		reversedFlows = (reversedFlows == null) ? Set.of() : Set.copyOf(reversedFlows);
	}

	public OrderView(String orderNo, PaymentSeen payment, List<DeductionSeen> deductions, boolean missingReported,
			Set<Long> mismatchReported, Instant lastChangeAt) {
		this(orderNo, payment, deductions, missingReported, mismatchReported, lastChangeAt, Set.of());
	}

	static OrderView empty(String orderNo, Instant now) {
		return new OrderView(orderNo, null, List.of(), false, Set.of(), now);
	}

	/** Deductions not given back by a reversal: more than one is a double charge still standing. */
	long standingDeductions() {
		return this.deductions.stream().filter((d) -> !this.reversedFlows.contains(d.flowId())).count();
	}

	boolean hasFlow(long flowId) {
		return this.deductions.stream().anyMatch(d -> d.flowId() == flowId);
	}

}
