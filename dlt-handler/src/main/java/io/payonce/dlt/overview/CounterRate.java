package io.payonce.dlt.overview;

import java.time.Duration;
import java.time.Instant;

/**
 * The rate of a monotonic counter between two samples, Prometheus's way: a counter only grows while its process
 * lives, so a value below the one before means the process restarted and counted from zero, and the whole new value
 * is the increase since (not a negative rate, and not a gap).
 */
public final class CounterRate {

	private CounterRate() {
	}

	/** Per second from {@code before} to {@code now}; null when the two are not in time order. */
	public static Double perSecond(double before, Instant beforeAt, double now, Instant nowAt) {
		double seconds = Duration.between(beforeAt, nowAt).toNanos() / 1e9;
		if (seconds <= 0) {
			return null;
		}
		double increase = (now >= before) ? now - before : now;
		return increase / seconds;
	}

}
