package io.payonce.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.payonce.contract.TimelineFact;

/**
 * Latency of payments from one moment to another, both epoch milliseconds of the same machine's clock, matched by
 * order number. A payment without an end is counted as missing (never a zero); an end before the start is
 * possible (the pipeline can deduct before the load generator's thread has read its 200) and counts as 0 ms,
 * counted apart so that a clock problem would show.
 */
final class Latency {

	/**
	 * @param sortedMillis every matched latency, ascending
	 * @param missing starts without an end
	 * @param negative ends before their start (counted as 0 ms)
	 */
	record Distribution(long[] sortedMillis, int missing, int negative) {

		int samples() {
			return this.sortedMillis.length;
		}

		/** Nearest-rank percentile in ms; NaN without samples. */
		double percentile(double p) {
			return (this.sortedMillis.length == 0) ? Double.NaN : Report.percentile(this.sortedMillis, p);
		}

		double p50() {
			return percentile(50);
		}

		double p99() {
			return percentile(99);
		}

		double p999() {
			return percentile(99.9);
		}

		String summary() {
			return String.format(java.util.Locale.ROOT, "p50 %s / p99 %s / p99.9 %s ms (%d samples, %d missing, %d"
					+ " negative)", Report.num(p50()), Report.num(p99()), Report.num(p999()), samples(), this.missing,
					this.negative);
		}

	}

	private Latency() {
	}

	/** The consumer's DELIVERY fact of a first deduction: published only after its transaction committed. */
	static final String FIRST = "FIRST";

	static final String CONSUMER_SERVICE = "deduct-consumer";

	/**
	 * orderNo -> the earliest {@code at} of the deduct-consumer's {@code DELIVERY} fact with decision {@code FIRST}:
	 * an upper bound of the deduction's commit. The consumer stamps and publishes that fact after the poll's
	 * deductions committed (PaySuccessHandler: "durable now"), so the commit is no later; the flow row's
	 * {@code created_at} (statement time inside the transaction) is the lower bound.
	 */
	static Map<String, Long> deductionCommits(Iterable<TimelineFact> facts) {
		Map<String, Long> commits = new HashMap<>();
		for (TimelineFact fact : facts) {
			if (fact.step() == TimelineFact.Step.DELIVERY && FIRST.equals(fact.decision())
					&& CONSUMER_SERVICE.equals(fact.service())) {
				commits.merge(fact.orderNo(), fact.at().toEpochMilli(), Math::min);
			}
		}
		return commits;
	}

	/** {@code end - start} for every order in {@code start}. */
	static Distribution between(Map<String, Long> start, Map<String, Long> end) {
		long[] values = new long[start.size()];
		int n = 0;
		int missing = 0;
		int negative = 0;
		for (Map.Entry<String, Long> e : start.entrySet()) {
			Long to = end.get(e.getKey());
			if (to == null) {
				missing++;
				continue;
			}
			long latency = to - e.getValue();
			if (latency < 0) {
				negative++;
				latency = 0;
			}
			values[n++] = latency;
		}
		long[] sorted = Arrays.copyOf(values, n);
		Arrays.sort(sorted);
		return new Distribution(sorted, missing, negative);
	}

}
