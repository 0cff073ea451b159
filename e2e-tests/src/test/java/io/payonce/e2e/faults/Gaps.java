package io.payonce.e2e.faults;

import java.util.Collection;
import java.util.List;

/**
 * The longest silence of a stream of events around a window: how a rolling restart's gap is measured. The events are
 * wall-clock millis (a 2xx answer, the create time of a record, the commit time of a deduction); the gap of a window
 * (a step of a rollout, from its SIGTERM to the next step's) is the longest silence that began in it, counted whole
 * also when it lasts past the window's end; a silence that began before the window counts only from the window's
 * start (the step before caused it). Pure: the unit test drives it.
 */
final class Gaps {

	private Gaps() {
	}

	/**
	 * @param sortedMillis event times, ascending
	 * @param from start of the window (inclusive)
	 * @param to end of the window (inclusive)
	 * @return the longest silence that began in {@code [from, to]} (measured whole, also past {@code to}); a silence
	 * that began before the window counts from {@code from} on; no event after the window opened: from the last
	 * event (or {@code from}) to {@code to}
	 */
	static long longestGapMillis(List<Long> sortedMillis, long from, long to) {
		if (to < from) {
			throw new IllegalArgumentException("window ends before it starts: " + from + " > " + to);
		}
		long longest = 0;
		Long previous = null;
		for (long at : sortedMillis) {
			if (previous != null && previous <= to && at > from) {
				longest = Math.max(longest, at - Math.max(previous, from));
			}
			if (at > to) {
				return longest;
			}
			previous = at;
		}
		// nothing after the window's end: the silence lasts at least until its end
		long silentSince = previous == null ? from : Math.max(previous, from);
		return Math.max(longest, to - silentSince);
	}

	/**
	 * The longest gap of any of several streams (e.g. one per partition: a partition that stood still while the
	 * others moved shows here, not in their merged stream).
	 */
	static long longestGapOfAnyMillis(Collection<List<Long>> streams, long from, long to) {
		return streams.stream().mapToLong(stream -> longestGapMillis(stream, from, to)).max().orElse(to - from);
	}

	/** Events inside {@code [from, to]}. */
	static long count(List<Long> sortedMillis, long from, long to) {
		return sortedMillis.stream().filter(at -> at >= from && at <= to).count();
	}

}
