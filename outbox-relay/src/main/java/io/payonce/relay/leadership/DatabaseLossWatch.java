package io.payonce.relay.leadership;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a leader has been without its binlog connection long enough to hand the lead over. The
 * connector reconnects by itself (retries forever), so a short outage, a database restart for instance, is
 * waited out; past the tolerance a standby that may still reach the database gets its chance. If the
 * database is down for everyone, the lead only moves around, one tolerance at a time, which costs nothing.
 * <p>
 * "Connected" is the connector's own view (an unknown view counts as not connected: the task is between
 * restarts). The clock starts at the beginning of the term, so the connector's own start-up is covered by the
 * tolerance too.
 */
public final class DatabaseLossWatch {

	private final Duration tolerance;

	private Instant lastConnected;

	public DatabaseLossWatch(Duration tolerance) {
		this.tolerance = tolerance;
	}

	public synchronized void termStarted(Instant now) {
		this.lastConnected = now;
	}

	/** {@code true} once the connection has been missing for the tolerance or longer. */
	public synchronized boolean lost(Optional<Boolean> connected, Instant now) {
		if (this.lastConnected == null) {
			return false;
		}
		if (connected.orElse(false)) {
			this.lastConnected = now;
			return false;
		}
		return Duration.between(this.lastConnected, now).compareTo(this.tolerance) >= 0;
	}

}
