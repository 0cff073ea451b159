package io.payonce.reconciliation.topup;

import java.math.BigDecimal;

/**
 * @param flowId the TOP_UP flow of the reference (posted now or before), {@code null} when refused
 * @param balance the account's balance right after this request's credit, {@code null} unless {@code TOPPED_UP}
 * @param auditId the request's row in {@code t_top_up_audit}
 */
public record TopUpResult(TopUpOutcome outcome, long userId, String reference, BigDecimal amount, Long flowId,
		BigDecimal balance, String detail, long auditId) {

}
