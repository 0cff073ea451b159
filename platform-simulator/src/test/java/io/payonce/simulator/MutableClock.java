package io.payonce.simulator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. */
public final class MutableClock extends Clock {

	private Instant now;

	public MutableClock(Instant start) {
		this.now = start;
	}

	public static MutableClock at(String instant) {
		return new MutableClock(Instant.parse(instant));
	}

	public synchronized void advance(Duration by) {
		this.now = this.now.plus(by);
	}

	public synchronized void set(Instant to) {
		this.now = to;
	}

	@Override
	public synchronized Instant instant() {
		return this.now;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("UTC only");
	}

}
