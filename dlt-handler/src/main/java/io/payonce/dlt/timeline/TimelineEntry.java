package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

import io.payonce.contract.TimelineFact;

/**
 * One fact on an order's timeline and its arrival number in that timeline.
 *
 * @param fact what happened
 * @param seq the order in which this timeline received its facts: the last tie-break, so two facts at the same
 * instant and of the same step keep the order they were read in, on every instance that rebuilds the store
 * @param orderAt where the entry stands in time: the fact's instant, or the instant of the step that caused it if
 * that is later ({@link Timeline}: a retry record is written before its delivery's fact is stamped, yet follows it)
 */
public record TimelineEntry(TimelineFact fact, long seq, Instant orderAt) {

	/**
	 * Time order: {@link #orderAt}, then the step's place in a payment's usual course (a callback before its relay
	 * before its delivery when they share a millisecond), then arrival.
	 */
	public static final Comparator<TimelineEntry> IN_ORDER = Comparator.comparing(TimelineEntry::orderAt)
		.thenComparing((entry) -> entry.fact().step().ordinal())
		.thenComparingLong(TimelineEntry::seq);

	public TimelineEntry {
		Objects.requireNonNull(fact, "fact");
		orderAt = (orderAt == null || orderAt.isBefore(fact.at())) ? fact.at() : orderAt;
	}

	public TimelineEntry(TimelineFact fact, long seq) {
		this(fact, seq, fact.at());
	}

	/** This entry placed no earlier than {@code cause}'s place. */
	TimelineEntry after(TimelineEntry cause) {
		return cause.orderAt().isAfter(this.orderAt) ? new TimelineEntry(this.fact, this.seq, cause.orderAt()) : this;
	}

}
