package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * The first {@code pay.success} seen for an order; replays and retries of the same event are ignored.
 *
 * @param eventId header {@code id}, kept to trace the payment through the pipeline
 * @param seenAt wall-clock time this service first saw it: the MISSING window starts here, not at
 * {@code paidAt}, so catching up on a backlog does not report every old payment as missing
 */
public record PaymentSeen(String eventId, String payNo, long userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal amount, String currency,
		Instant paidAt, Instant seenAt) {

}
