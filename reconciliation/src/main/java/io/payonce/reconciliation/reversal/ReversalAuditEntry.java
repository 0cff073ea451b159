package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Instant;

/** One line of {@code t_reversal_audit}: who, when, what, with which result. Insert-only. */
public record ReversalAuditEntry(Instant requestedAt, String operator, ReversalRequest.Channel channel,
		long flowId, String bizNo, String reason, ReversalOutcome outcome, Long reversalFlowId, BigDecimal amount,
		String detail) {

}
