package io.payonce.dlt.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The retry ladder: which backoff follows a failed attempt, when the next attempt is due, and when to give
 * up. Attempts count deliveries to the consumer: 1 is the first delivery, each re-publish adds one. The
 * ladder allows {@code maxRetries} re-publishes, so the last delivery attempt is {@code maxRetries + 1};
 * the n-th retry waits {@code tiers[n-1]} (the last tier repeats when there are fewer tiers than retries).
 */
public final class RetrySchedule {

	private final List<Duration> tiers;

	private final int maxRetries;

	public RetrySchedule(List<Duration> tiers, int maxRetries) {
		Objects.requireNonNull(tiers, "tiers");
		if (tiers.isEmpty()) {
			throw new IllegalArgumentException("at least one backoff tier is required");
		}
		for (Duration tier : tiers) {
			if (tier == null || tier.isNegative()) {
				throw new IllegalArgumentException("backoff tiers must be zero or positive: " + tiers);
			}
		}
		if (maxRetries < 0) {
			throw new IllegalArgumentException("maxRetries must not be negative: " + maxRetries);
		}
		this.tiers = List.copyOf(tiers);
		this.maxRetries = maxRetries;
	}

	/** The default ladder of the incident's chapter 5: 30 s, 1 min, 5 min, 5 min, 5 min; five retries. */
	public static RetrySchedule defaults() {
		return new RetrySchedule(List.of(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5),
				Duration.ofMinutes(5), Duration.ofMinutes(5)), 5);
	}

	/**
	 * @param failedAttempt the delivery attempt that failed (1 = first delivery)
	 * @param failedAt when it failed
	 * @return when and as which attempt to try again, or that the ladder is exhausted
	 */
	public Decision afterFailure(int failedAttempt, Instant failedAt) {
		Objects.requireNonNull(failedAt, "failedAt");
		int attempt = Math.max(failedAttempt, 1);
		if (isLast(attempt)) {
			return new Exhausted(attempt);
		}
		// retry n (n = attempt) waits tiers[n-1]; more retries than tiers repeat the last tier
		Duration backoff = this.tiers.get(Math.min(attempt - 1, this.tiers.size() - 1));
		return new Retry(attempt + 1, failedAt.plus(backoff), backoff);
	}

	/** Whether a failure of this attempt ends the ladder. */
	public boolean isLast(int attempt) {
		return attempt > this.maxRetries;
	}

	public List<Duration> tiers() {
		return this.tiers;
	}

	public int maxRetries() {
		return this.maxRetries;
	}

	/** What follows a failed attempt. */
	public sealed interface Decision permits Retry, Exhausted {

	}

	/** Re-publish as {@code nextAttempt} once {@code dueAt} has passed. */
	public record Retry(int nextAttempt, Instant dueAt, Duration backoff) implements Decision {

	}

	/** No retry left: the record goes to the terminal topic. */
	public record Exhausted(int lastAttempt) implements Decision {

	}

}
