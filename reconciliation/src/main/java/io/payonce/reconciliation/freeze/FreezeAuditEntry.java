package io.payonce.reconciliation.freeze;

import java.time.Instant;

/**
 * A row of {@code t_account_freeze_audit}: one per request, whatever its outcome.
 *
 * @param before the status before the request, {@code null} when the account was never frozen (or is not there)
 * @param after the status after it, {@code null} likewise
 */
public record FreezeAuditEntry(Instant requestedAt, String operator, long userId, FreezeAction action, String reason,
		String cause, FreezeOutcome outcome, FreezeStatus before, FreezeStatus after) {

}
