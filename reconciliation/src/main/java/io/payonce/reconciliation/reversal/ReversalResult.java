package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;

/**
 * @param reversalFlowId the REVERSE_DEDUCT flow posted by this request, {@code null} otherwise
 * @param amount the amount given back (positive), {@code null} when nothing was reversed
 * @param auditId the {@code t_reversal_audit} row of this request
 */
public record ReversalResult(ReversalOutcome outcome, long flowId, String bizNo, Long reversalFlowId,
		BigDecimal amount, String detail, long auditId) {

}
