package io.payonce.reconciliation.freeze;

import java.time.Instant;
import java.util.Objects;

/**
 * A row of {@code t_account_freeze}: the account's freeze state and its last change.
 *
 * @param userId the account
 * @param status FROZEN or UNFROZEN
 * @param version one more per change; the CAS names it
 * @param changedBy the operator, or {@link FreezeService#STATEMENT_IMPORT}
 * @param changedAt when
 * @param reason why, as given
 * @param cause what caused an automatic freeze (statement import, payNo, orderNo), {@code null} for an operator's
 */
public record AccountFreeze(long userId, FreezeStatus status, long version, String changedBy, Instant changedAt,
		String reason, String cause) {

	public AccountFreeze {
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(changedBy, "changedBy");
		Objects.requireNonNull(changedAt, "changedAt");
		Objects.requireNonNull(reason, "reason");
	}

	public boolean frozen() {
		return this.status == FreezeStatus.FROZEN;
	}

}
