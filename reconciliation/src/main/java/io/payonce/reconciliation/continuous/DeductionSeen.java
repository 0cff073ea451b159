package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonFormat;

/** One distinct deduction ({@code pay.deducted}, identified by its flow row) of an order. */
public record DeductionSeen(long flowId, String payNo, long userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal amount, String currency,
		Instant deductedAt) {

}
