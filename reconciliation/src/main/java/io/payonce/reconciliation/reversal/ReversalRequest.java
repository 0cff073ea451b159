package io.payonce.reconciliation.reversal;

import java.util.Objects;

/**
 * An operator's order to reverse one duplicate deduction flow.
 *
 * @param flowId the {@code t_account_flow} row to reverse (the duplicate, not the order)
 * @param operator who asks: the authenticated user (API) or the named operator (CLI)
 * @param reason free text for the audit trail, required: finance wants to know why
 */
public record ReversalRequest(long flowId, String operator, Channel channel, String reason) {

	public ReversalRequest {
		Objects.requireNonNull(channel, "channel");
		if (operator == null || operator.isBlank()) {
			throw new IllegalArgumentException("operator is required");
		}
		if (reason == null || reason.isBlank()) {
			throw new IllegalArgumentException("reason is required");
		}
		if (reason.length() > 512) {
			throw new IllegalArgumentException("reason is longer than 512 characters");
		}
	}

	public enum Channel {

		API, CLI

	}

}
