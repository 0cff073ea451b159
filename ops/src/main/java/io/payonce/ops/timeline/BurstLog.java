package io.payonce.ops.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * Decides which failures of a burst are logged: the first one, then at most one per interval, each telling how many
 * were not logged since. A broker outage fails every fact; the log shows it once a minute instead of once per
 * payment. Thread-safe (the producer's callbacks and the callers' rejected offers both report here).
 */
final class BurstLog {

	private final InstantSource clock;

	private final Duration interval;

	private Instant lastLogged;

	private long suppressed;

	BurstLog(InstantSource clock, Duration interval) {
		this.clock = clock;
		this.interval = interval;
	}

	/**
	 * Reports one failure.
	 * @return how many failures were suppressed before this one if this one is to be logged, else -1
	 */
	synchronized long failed() {
		Instant now = this.clock.instant();
		if (this.lastLogged == null || !now.isBefore(this.lastLogged.plus(this.interval))) {
			long before = this.suppressed;
			this.lastLogged = now;
			this.suppressed = 0;
			return before;
		}
		this.suppressed++;
		return -1;
	}

	/**
	 * Reports one success: the burst is over, the next failure starts a new one and is logged at once.
	 * @return how many failures of the burst that just ended were not logged (0: nothing to tell)
	 */
	synchronized long recovered() {
		if (this.lastLogged == null) {
			return 0;
		}
		long unlogged = this.suppressed;
		this.lastLogged = null;
		this.suppressed = 0;
		return unlogged;
	}

}
