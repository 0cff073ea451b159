package io.payonce.dlt.retry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the console asks of the ladder: the filters it shares with the terminal list ({@code orderNo},
 * {@code reason}; null matches everything), newest failure first, at most {@code size}. Every instance answers the
 * same query for the partitions it runs, and the instance that was asked merges the answers with {@link #answer}.
 */
public record PendingRetryQuery(String orderNo, String reason, int size) {

	/**
	 * Newest failure first; equal failure times by event id, so the merged answer of several instances is the same
	 * whatever order they answered in.
	 */
	public static final Comparator<PendingRetry> NEWEST_FIRST = Comparator
		.comparing(PendingRetry::failedAt, Comparator.reverseOrder())
		.thenComparing(PendingRetry::eventId);

	public PendingRetryQuery {
		if (size < 1) {
			throw new IllegalArgumentException("size must be at least 1, was " + size);
		}
	}

	public boolean matches(PendingRetry retry) {
		return (this.orderNo == null || this.orderNo.equals(retry.orderNo()))
				&& (this.reason == null || this.reason.equals(retry.reason()));
	}

	/**
	 * The matching retries among {@code candidates} (one instance's store, or the answers of several instances
	 * together), newest first, at most {@link #size}. An event seen twice (a partition that moved between two
	 * instances while they were asked) is shown once, with its latest failure.
	 */
	public List<PendingRetry> answer(Collection<PendingRetry> candidates) {
		List<PendingRetry> matching = new ArrayList<>();
		for (PendingRetry retry : candidates) {
			if (matches(retry)) {
				matching.add(retry);
			}
		}
		matching.sort(NEWEST_FIRST);
		List<PendingRetry> result = new ArrayList<>();
		Set<String> seen = new HashSet<>();
		for (PendingRetry retry : matching) {
			if (result.size() == this.size) {
				break;
			}
			if (seen.add(retry.eventId())) {
				result.add(retry);
			}
		}
		return result;
	}

}
