package io.payonce.dlt.retry;

import java.util.ArrayList;
import java.util.List;

/**
 * Every failure of one event so far, oldest first. Each hop of the DLT handler appends the failure it
 * received; an entry for an attempt already recorded is not added twice, so a record that is processed
 * again after a crash (before its offset commit) does not grow a duplicate entry.
 */
public record FailureHistory(List<FailureEntry> entries) {

	public FailureHistory {
		entries = List.copyOf(entries);
	}

	public static FailureHistory empty() {
		return new FailureHistory(List.of());
	}

	public FailureHistory append(FailureEntry entry) {
		for (FailureEntry existing : this.entries) {
			if (existing.attempt() == entry.attempt()) {
				return this;
			}
		}
		List<FailureEntry> next = new ArrayList<>(this.entries);
		next.add(entry);
		return new FailureHistory(next);
	}

	public int size() {
		return this.entries.size();
	}

}
