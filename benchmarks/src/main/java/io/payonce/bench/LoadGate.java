package io.payonce.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The rule every run passes before its first phase: the machine must be quiet, or the numbers measure the
 * neighbours. Checked after the stack and the services are up (their start-up is part of the load it waits out),
 * before the warm-up. The 1-minute load average must be at most {@code maxLoad} (default 0.75 per core: 1.5 on
 * two cores); the run waits up to {@code maxWait} for it to fall, sampling every {@code interval}, and is refused
 * otherwise: exit non-zero, a clear message, no numbers.
 * <p>
 * An unknown load (no {@code /proc/loadavg}) refuses too: a run that cannot say how quiet the machine was cannot be
 * compared. {@code -Dbench.maxLoad=Infinity} switches the rule off (a harness check on a busy machine); the
 * report then says so.
 */
final class LoadGate {

	/** Per core: 1.5 on the two-core build machine. */
	static final double DEFAULT_MAX_LOAD_PER_CORE = 0.75;

	static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(180);

	static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

	/** How the rule is set for one run. */
	record Settings(double maxLoad, Duration maxWait, Duration interval) {

		Settings {
			if (Double.isNaN(maxLoad) || maxLoad < 0) {
				throw new IllegalArgumentException("bench.maxLoad must be a number >= 0, was " + maxLoad);
			}
			if (maxWait.isNegative() || interval.isNegative() || interval.isZero()) {
				throw new IllegalArgumentException("bench.loadWait must be >= 0 and the interval > 0");
			}
		}

		/** {@code -Dbench.maxLoad=} (a load average) and {@code -Dbench.loadWait=} (seconds), else the defaults. */
		static Settings of(String maxLoad, String waitSeconds, int cores) {
			double max = (maxLoad == null || maxLoad.isBlank()) ? DEFAULT_MAX_LOAD_PER_CORE * cores
					: Double.parseDouble(maxLoad.trim());
			Duration wait = (waitSeconds == null || waitSeconds.isBlank()) ? DEFAULT_MAX_WAIT
					: Duration.ofSeconds(Long.parseLong(waitSeconds.trim()));
			return new Settings(max, wait, DEFAULT_INTERVAL);
		}

		boolean off() {
			return Double.isInfinite(this.maxLoad);
		}

	}

	/**
	 * What the gate decided.
	 * @param load the last 1-minute load average read (NaN if unknown)
	 * @param samples every reading, in order
	 */
	record Verdict(boolean admitted, double load, Duration waited, List<Double> samples, Settings settings) {

		String message() {
			if (this.settings.off()) {
				return String.format(Locale.ROOT, "load check OFF (-Dbench.maxLoad=Infinity): 1-min load %.2f at the"
						+ " first phase; the numbers of this run were measured on a busy machine", this.load);
			}
			if (this.admitted) {
				return String.format(Locale.ROOT, "load check passed: 1-min load %.2f <= %.2f after %d s", this.load,
						this.settings.maxLoad(), this.waited.toSeconds());
			}
			if (Double.isNaN(this.load)) {
				return "RUN REFUSED: the load average is unknown (/proc/loadavg unreadable); -Dbench.maxLoad=Infinity"
						+ " runs without the check";
			}
			return String.format(Locale.ROOT, "RUN REFUSED: 1-min load average %.2f > %.2f (-Dbench.maxLoad) after"
					+ " waiting %d s (-Dbench.loadWait) for it to fall; readings %s. Run when the machine is quiet.",
					this.load, this.settings.maxLoad(), this.waited.toSeconds(), this.samples);
		}

	}

	/** Waits between readings; {@code Thread::sleep} in a run, a fake clock in a test. */
	@FunctionalInterface
	interface Sleeper {

		void sleep(Duration duration) throws InterruptedException;

	}

	private LoadGate() {
	}

	static boolean admits(double load1, double maxLoad) {
		return Double.isInfinite(maxLoad) || (!Double.isNaN(load1) && load1 <= maxLoad);
	}

	/**
	 * Reads the load until it is admitted or {@code maxWait} has passed (one more reading at the end of the wait).
	 * @param nanoTime a monotonic clock
	 */
	static Verdict await(Settings settings, DoubleSupplier load1, LongSupplier nanoTime, Sleeper sleeper)
			throws InterruptedException {
		long start = nanoTime.getAsLong();
		long deadline = start + settings.maxWait().toNanos();
		List<Double> samples = new ArrayList<>();
		while (true) {
			double load = load1.getAsDouble();
			samples.add(load);
			long now = nanoTime.getAsLong();
			Duration waited = Duration.ofNanos(now - start);
			if (admits(load, settings.maxLoad())) {
				return new Verdict(true, load, waited, List.copyOf(samples), settings);
			}
			if (now >= deadline || Double.isNaN(load)) {
				return new Verdict(false, load, waited, List.copyOf(samples), settings);
			}
			long left = deadline - now;
			sleeper.sleep(Duration.ofNanos(Math.min(left, settings.interval().toNanos())));
		}
	}

}
