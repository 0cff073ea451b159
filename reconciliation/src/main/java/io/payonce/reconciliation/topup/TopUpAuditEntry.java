package io.payonce.reconciliation.topup;

import java.math.BigDecimal;
import java.time.Instant;

/** A row of {@code t_top_up_audit}: one per request, whatever its outcome. */
public record TopUpAuditEntry(Instant requestedAt, String operator, long userId, String reference, BigDecimal amount,
		String currency, String reason, TopUpOutcome outcome, Long flowId, String detail) {

}
