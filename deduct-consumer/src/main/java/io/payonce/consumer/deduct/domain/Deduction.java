package io.payonce.consumer.deduct.domain;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * The receipt of a committed deduction, for the ops timeline: which flow row holds the money and what the account
 * held after it.
 *
 * @param flowId the {@code t_account_flow} row of the deduction
 * @param balanceAfter the account's balance right after this deduction, in the deduction's own transaction; empty
 * when the ledger does not tell
 */
public record Deduction(long flowId, Optional<BigDecimal> balanceAfter) {

	public Deduction {
		Objects.requireNonNull(balanceAfter, "balanceAfter");
	}

	public Deduction withBalanceAfter(BigDecimal balance) {
		return new Deduction(this.flowId, Optional.of(balance));
	}

}
