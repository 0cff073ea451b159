package io.payonce.dlt.retry;

import java.time.Instant;

/**
 * One failed delivery attempt of an event, as carried in the {@code payonce-failure-history} header.
 *
 * @param attempt the delivery attempt that failed
 * @param reason the {@code FailureReason} name, as the consumer wrote it
 * @param errorClass the exception class, may be null
 * @param errorMessage the exception message, may be null
 * @param failedAt when it failed, may be null if the consumer did not say
 * @param originTopic where the failed delivery was read from, may be null
 * @param originPartition its partition, -1 if unknown
 * @param originOffset its offset, -1 if unknown
 */
public record FailureEntry(int attempt, String reason, String errorClass, String errorMessage, Instant failedAt,
		String originTopic, int originPartition, long originOffset) {

}
