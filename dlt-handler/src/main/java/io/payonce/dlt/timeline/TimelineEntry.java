package io.payonce.dlt.timeline;

import java.util.Comparator;
import java.util.Objects;

import io.payonce.contract.TimelineFact;

/**
 * One fact on an order's timeline and its arrival number in that timeline.
 *
 * @param fact what happened
 * @param seq the order in which this timeline received its facts: the last tie-break, so two facts at the same
 * instant and of the same step keep the order they were read in, on every instance that rebuilds the store
 */
public record TimelineEntry(TimelineFact fact, long seq) {

	/**
	 * Time order: the fact's instant, then the step's place in a payment's usual course (a callback before its
	 * relay before its delivery when they share a millisecond), then arrival.
	 */
	public static final Comparator<TimelineEntry> IN_ORDER = Comparator
		.comparing((TimelineEntry entry) -> entry.fact().at())
		.thenComparing((entry) -> entry.fact().step().ordinal())
		.thenComparingLong(TimelineEntry::seq);

	public TimelineEntry {
		Objects.requireNonNull(fact, "fact");
	}

}
