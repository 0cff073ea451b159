package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * A reversal that is in the ledger, told to whoever must know (continuous reconciliation settles the order's
 * DUPLICATE finding with it; the ops timeline lists it). Published only after the reversal committed, so it never
 * announces money that was not given back.
 *
 * @param orderNo the reversed flow's business number: the order
 * @param reversedFlowId the duplicate deduction that was reversed
 * @param reversalFlowId the {@code REVERSE_DEDUCT} flow that reversed it
 * @param userId whose balance was credited
 * @param amount what was credited (positive)
 * @param operator who asked for it
 * @param channel {@code API} or {@code CLI}
 * @param bookedAt when the reversal was booked (the service's clock)
 */
public record ReversalBooked(String orderNo, long reversedFlowId, long reversalFlowId, long userId,
		BigDecimal amount, String operator, String channel, Instant bookedAt) {

	public ReversalBooked {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(bookedAt, "bookedAt");
	}

	/** One line for logs and findings. */
	public String describe() {
		return "reversal flow " + this.reversalFlowId + " of flow " + this.reversedFlowId + " (credited "
				+ this.amount.toPlainString() + " to user " + this.userId + ", by " + this.operator + " via "
				+ this.channel + ")";
	}

}
