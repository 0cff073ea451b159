package io.payonce.dlt.refund;

import java.time.Instant;
import java.util.Objects;

/**
 * An operator's decision on one duplicate payment, as kept in the decisions topic (key = {@link #payNo}).
 *
 * @param payNo the duplicate payment's id in the console (its payNo)
 * @param state what it became
 * @param note what the operator wrote, e.g. the platform's refund reference
 * @param by the authenticated operator
 * @param at when
 * @param auditId the audit trail entry of the action
 */
public record RefundDecision(String payNo, RefundState state, String note, String by, Instant at, String auditId) {

	public RefundDecision {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(by, "by");
		Objects.requireNonNull(at, "at");
	}

}
