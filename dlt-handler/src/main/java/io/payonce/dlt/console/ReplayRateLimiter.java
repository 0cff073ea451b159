package io.payonce.dlt.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Token bucket: at most {@code limit} replayed records per {@code window}, refilled continuously. A replay
 * of n records takes n tokens or nothing: a selection is replayed whole or refused, never half.
 */
public final class ReplayRateLimiter {

	private final long limit;

	private final Duration window;

	private final Clock clock;

	private double tokens;

	private Instant refilledAt;

	public ReplayRateLimiter(long limit, Duration window, Clock clock) {
		if (limit < 1 || window.isZero() || window.isNegative()) {
			throw new IllegalArgumentException("need a positive limit and window: " + limit + " per " + window);
		}
		this.limit = limit;
		this.window = window;
		this.clock = clock;
		this.tokens = limit;
		this.refilledAt = clock.instant();
	}

	public synchronized boolean tryAcquire(int records) {
		refill();
		if (records > this.tokens) {
			return false;
		}
		this.tokens -= records;
		return true;
	}

	public synchronized long available() {
		refill();
		return (long) Math.floor(this.tokens);
	}

	private void refill() {
		Instant now = this.clock.instant();
		if (now.isAfter(this.refilledAt)) {
			double elapsed = Duration.between(this.refilledAt, now).toNanos();
			this.tokens = Math.min(this.limit, this.tokens + this.limit * elapsed / this.window.toNanos());
			this.refilledAt = now;
		}
	}

}
