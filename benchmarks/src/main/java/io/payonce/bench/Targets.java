package io.payonce.bench;

import java.util.Locale;

/**
 * The targets a run is judged against, and the verdict the harness computes for each (never typed by hand). A
 * target compares one measured number with a threshold; a number the run could not measure (NaN: a phase timed
 * out, no latency sample) is NOT MEASURED, never MET.
 */
final class Targets {

	enum Direction {

		AT_LEAST(">="), AT_MOST("<=");

		final String symbol;

		Direction(String symbol) {
			this.symbol = symbol;
		}

	}

	enum Status {

		MET, MISSED, NOT_MEASURED;

		String label() {
			return name().replace('_', ' ');
		}

	}

	/**
	 * One target: "{@code measure} {@code direction} {@code threshold} {@code unit}".
	 * @param issue where the target comes from, e.g. "issue 19"
	 */
	record Target(String issue, String measure, Direction direction, double threshold, String unit) {

		Status verdict(double measured) {
			if (Double.isNaN(measured)) {
				return Status.NOT_MEASURED;
			}
			boolean met = (this.direction == Direction.AT_LEAST) ? measured >= this.threshold
					: measured <= this.threshold;
			return met ? Status.MET : Status.MISSED;
		}

		/** For the table's target column, e.g. ">= 1,000 pay/s". */
		String text() {
			return this.direction.symbol + " " + Report.num(this.threshold) + (this.unit.isEmpty() ? "" : " " + this.unit);
		}

		String describe(double measured) {
			return String.format(Locale.ROOT, "%-9s %-62s %s, measured %s", this.issue, this.measure, text(),
					Report.num(measured));
		}

	}

	// ---- issue 19 (the current targets) ------------------------------------------------------------------

	static final Target E2E_RATE = new Target("issue 19", "end to end payments/s, every guard on",
			Direction.AT_LEAST, 1000, "pay/s");

	static final Target PIPELINE_CPU = new Target("issue 19", "CPU-ms per payment, the pipeline's processes",
			Direction.AT_MOST, 1.5, "ms");

	static final Target GUARDED_VS_NAIVE_BATCHED = new Target("issue 19",
			"guarded / naive consumer at equal batching, unique records", Direction.AT_LEAST, 0.8, "x");

	static final Target CPU_VS_NAIVE_BATCHED = new Target("issue 19",
			"CPU/record: guarded process / naive threads, equal batching", Direction.AT_MOST, 1.2, "x");

	static final Target GUARDED_VS_DEDUPE_BATCHED = new Target("issue 19",
			"guarded / db-only dedupe at equal batching, 30 % duplicates", Direction.AT_LEAST, 1.0, "x");

	static final Target LATENCY_TO_COMMIT = new Target("issue 19",
			"p99 callback accepted -> deduction committed, half load", Direction.AT_MOST, 100, "ms");

	static final Target RELAY = new Target("issue 19", "relay catch-up events/s", Direction.AT_LEAST, 25_000,
			"ev/s");

	static final Target DUPLICATES = new Target("issue 19", "duplicates/s through Redis", Direction.AT_LEAST,
			50_000, "rec/s");

	static final Target DUPLICATES_NO_DB = new Target("issue 19", "DB statements while consuming duplicates",
			Direction.AT_MOST, 0, "stmts");

	// ---- issue 8 (kept next to the per-record baselines, the incident's reference) -----------------------

	static final Target ISSUE8_GUARDED_VS_NAIVE = new Target("issue 8",
			"guarded / the incident's per-record naive consumer", Direction.AT_LEAST, 0.8, "x");

	static final Target ISSUE8_GUARDED_VS_DEDUPE = new Target("issue 8",
			"guarded / per-record db-only dedupe, 30 % duplicates", Direction.AT_LEAST, 1.0, "x");

	private Targets() {
	}

	/** a / b, NaN when either is unknown or b is not positive: a ratio of nothing is not measured. */
	static double ratio(double a, double b) {
		return (Double.isNaN(a) || Double.isNaN(b) || b <= 0) ? Double.NaN : a / b;
	}

}
