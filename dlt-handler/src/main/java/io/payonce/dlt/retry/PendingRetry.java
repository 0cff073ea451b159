package io.payonce.dlt.retry;

import java.time.Instant;

/**
 * A payment waiting in the retry ladder, as the console shows it: which order, which delivery failed and why, and
 * when the next delivery is due.
 *
 * @param orderNo the record key
 * @param eventId header {@code id}
 * @param attempt the delivery that failed (1 = the first)
 * @param reason of that failure ({@code FailureReason} name, e.g. {@code INSUFFICIENT_BALANCE})
 * @param errorMessage of that failure
 * @param failedAt when it failed: the time the payment entered the ladder's current rung
 * @param dueAt when attempt + 1 is delivered to {@code pay.success}
 */
public record PendingRetry(String orderNo, String eventId, int attempt, String reason, String errorMessage,
		Instant failedAt, Instant dueAt) {

}
