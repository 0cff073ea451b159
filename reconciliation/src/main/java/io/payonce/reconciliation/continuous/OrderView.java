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
 */
public record OrderView(String orderNo, PaymentSeen payment, List<DeductionSeen> deductions,
		boolean missingReported, Set<Long> mismatchReported, Instant lastChangeAt) {

	public OrderView {
		deductions = List.copyOf(deductions);
		mismatchReported = Set.copyOf(mismatchReported);
	}

	static OrderView empty(String orderNo, Instant now) {
		return new OrderView(orderNo, null, List.of(), false, Set.of(), now);
	}

	boolean hasFlow(long flowId) {
		return this.deductions.stream().anyMatch(d -> d.flowId() == flowId);
	}

}
