package io.payonce.dlt.console;

import java.time.Duration;
import java.time.Instant;

import io.payonce.dlt.terminal.TrailState;

/**
 * At most {@code limit} replayed records per sliding {@code window}, counted on the committed audit trail: the
 * replays of every handler instance count, and the count is taken inside the same exclusive turn that writes the
 * replay, so two instances cannot both take the last room. A replay of n records needs room for n or is refused
 * whole, never half. Instances' clocks should agree to within a fraction of the window (NTP).
 */
public final class ReplayRateLimit {

	private final long limit;

	private final Duration window;

	public ReplayRateLimit(long limit, Duration window) {
		if (limit < 1 || window.isZero() || window.isNegative()) {
			throw new IllegalArgumentException("need a positive limit and window: " + limit + " per " + window);
		}
		this.limit = limit;
		this.window = window;
	}

	/** Records that may be replayed at {@code now}. */
	public long available(TrailState trail, Instant now) {
		return Math.max(0, this.limit - trail.replayedSince(now.minus(this.window).plusNanos(1)));
	}

}
