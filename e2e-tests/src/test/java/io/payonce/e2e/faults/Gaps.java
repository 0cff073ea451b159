package io.payonce.e2e.faults;

import java.util.Collection;
import java.util.List;

/**
 * The longest silence of a stream of events around a window: how a rolling restart's gap is measured. The events are
 * wall-clock millis (a 2xx answer, the create time of a record, the commit time of a deduction); the gap of a window
 * (a step of a rollout, from its SIGTERM to the next step's) is the longest part of a silence that lies inside it: a
 * silence that spans the next step's SIGTERM is split there, each step gets its own part (the steps are far enough
 * apart that a restart's own silence ends inside its window). Pure: the unit test drives it.
 */
final class Gaps {

	private Gaps() {
	}

	/**
	 * @param sortedMillis event times, ascending
	 * @param from start of the window (inclusive)
	 * @param to end of the window (inclusive)
	 * @return the longest part of a silence (the time between two consecutive events, or after the last one) that
	 * lies inside {@code [from, to]}
	 */
	static long longestGapMillis(List<Long> sortedMillis, long from, long to) {
		if (to < from) {
			throw new IllegalArgumentException("window ends before it starts: " + from + " > " + to);
		}
		long longest = 0;
		Long previous = null;
		for (long at : sortedMillis) {
			if (previous != null && previous > to) {
				return longest;
			}
			if (previous != null) {
				longest = Math.max(longest, Math.min(at, to) - Math.max(previous, from));
			}
			previous = at;
		}
		// nothing after the last event: the silence lasts at least until the window's end
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
