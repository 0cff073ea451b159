/**
 * The retry ladder. {@link io.payonce.dlt.retry.RetrySchedule} is plain Java: which tier follows a failed
 * attempt, when it is due, whether it was the last. The Kafka Streams adapter in {@code streams} applies it.
 *
 * <p>
 * Why Kafka Streams and not a sleeping consumer: the pending records live in a persistent state store
 * whose changelog is written in the same transaction ({@code exactly_once_v2}) as the consumed offsets and
 * the re-published records. A kill -9 between "release" and "commit" aborts all three, so after restart a
 * pending record is neither lost (the store is restored from the changelog) nor released twice (the aborted
 * re-publish is invisible to {@code read_committed} consumers and the store still holds the record).
 */
package io.payonce.dlt.retry;
