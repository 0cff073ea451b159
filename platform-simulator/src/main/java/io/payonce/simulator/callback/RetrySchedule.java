package io.payonce.simulator.callback;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * When a platform tries a callback again after an attempt that did not get a 2xx, and when it gives up.
 * Attempt 1 is at the first-attempt time; attempt n+1 follows attempt n after {@code delays[n-1]} (its slot),
 * the last delay repeating; no attempt starts later than {@code window} after the first. So the number of attempts is
 * set by the window: WeChat Pay's 15 delays in its 24 h 4 min window give 16 attempts, the last at
 * +24 h 4 min.
 * <p>
 * The slots are counted from the first attempt's planned time, not from when earlier attempts ended: a slow
 * gateway (an attempt taking its full timeout) or a simulator restart does not stretch the schedule; a slot
 * that passed meanwhile is skipped ({@link #nextAfter}).
 */
public final class RetrySchedule {

	private final List<Duration> delays;

	private final Duration window;

	public RetrySchedule(List<Duration> delays, Duration window) {
		Objects.requireNonNull(delays, "delays");
		Objects.requireNonNull(window, "window");
		if (delays.isEmpty()) {
			throw new IllegalArgumentException("at least one retry delay is required");
		}
		for (Duration delay : delays) {
			if (delay == null || delay.isNegative() || delay.isZero()) {
				throw new IllegalArgumentException("retry delays must be positive: " + delays);
			}
		}
		if (window.isNegative()) {
			throw new IllegalArgumentException("the window must not be negative: " + window);
		}
		this.delays = List.copyOf(delays);
		this.window = window;
	}

	/**
	 * WeChat Pay's payment notification: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h, 24 h 4 min in all
	 * (16 attempts).
	 */
	public static RetrySchedule wechatPay() {
		return new RetrySchedule(List.of(Duration.ofSeconds(15), Duration.ofSeconds(15), Duration.ofSeconds(30),
				Duration.ofMinutes(3), Duration.ofMinutes(10), Duration.ofMinutes(20), Duration.ofMinutes(30),
				Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(60), Duration.ofHours(3),
				Duration.ofHours(3), Duration.ofHours(3), Duration.ofHours(6), Duration.ofHours(6)),
				Duration.ofHours(24).plusMinutes(4));
	}

	/** For the local stack and tests: 1s, 2s, 5s, 10s, then every 30 s, for 10 minutes. */
	public static RetrySchedule local() {
		return new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5),
				Duration.ofSeconds(10), Duration.ofSeconds(30)), Duration.ofMinutes(10));
	}

	/**
	 * The slot of the attempt after one that ended at {@code after}: the first slot later than it, or empty if
	 * that falls after the window (the platform gives up). Slots are fixed from the first attempt (offsets
	 * 0, d1, d1+d2, …); a slot that passed while an attempt was waiting for its answer, or while the simulator
	 * was down, is skipped, never made up in a burst.
	 */
	public Optional<Instant> nextAfter(Instant firstAttemptAt, Instant after) {
		Duration offset = Duration.ZERO;
		int retry = 1;
		for (; retry < this.delays.size(); retry++) {
			offset = offset.plus(delay(retry));
			if (offset.compareTo(this.window) > 0) {
				return Optional.empty();
			}
			if (firstAttemptAt.plus(offset).isAfter(after)) {
				return Optional.of(firstAttemptAt.plus(offset));
			}
		}
		// from here on every slot is one last delay after the one before: jump straight to the one wanted
		Duration last = this.delays.get(this.delays.size() - 1);
		offset = offset.plus(last);
		Duration behind = Duration.between(firstAttemptAt.plus(offset), after);
		if (!behind.isNegative()) {
			offset = offset.plus(last.multipliedBy(behind.dividedBy(last) + 1));
		}
		return offset.compareTo(this.window) > 0 ? Optional.empty() : Optional.of(firstAttemptAt.plus(offset));
	}

	/** Every attempt's distance from the first, as long as the window allows. */
	public List<Duration> offsets() {
		List<Duration> offsets = new ArrayList<>();
		Duration offset = Duration.ZERO;
		for (int retry = 1; offset.compareTo(this.window) <= 0; retry++) {
			offsets.add(offset);
			offset = offset.plus(delay(retry));
		}
		return offsets;
	}

	/** The wait before retry {@code retry} (1 = the second attempt). */
	private Duration delay(int retry) {
		return this.delays.get(Math.min(retry, this.delays.size()) - 1);
	}

	public List<Duration> delays() {
		return this.delays;
	}

	public Duration window() {
		return this.window;
	}

	@Override
	public String toString() {
		return "delays " + this.delays + " within " + this.window;
	}

}
