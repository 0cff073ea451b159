package io.payonce.contract;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A deduction was committed in the trade ledger. Written by the deduct consumer to the trade schema's
 * outbox in the deduction's own transaction; published to {@link Topic#PAY_DEDUCTED} with key = orderNo.
 * Golden sample: {@code contract/pay-deducted.v1.json}.
 *
 * @param orderNo the order that was paid
 * @param payNo the platform's payment number
 * @param userId the debited account
 * @param amount the amount debited (positive)
 * @param currency ISO-4217 code
 * @param flowId the {@code t_account_flow} row of the deduction
 * @param deductedAt when the deduction committed
 */
public record PayDeducted(String orderNo, String payNo, long userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal amount, String currency, long flowId,
		Instant deductedAt) implements PayonceEvent {

	public PayDeducted {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(deductedAt, "deductedAt");
	}

}
