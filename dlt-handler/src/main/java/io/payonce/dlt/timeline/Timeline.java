package io.payonce.dlt.timeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.payonce.contract.TimelineFact;

/**
 * Everything known about one order, in time order: the value the materialiser keeps per orderNo.
 * <p>
 * Invariants, and why:
 * <ul>
 * <li><b>In order.</b> {@link #entries} are sorted by {@link TimelineEntry#IN_ORDER}; facts arrive from several
 * topics in any order, each is put in its place. An effect never stands before its cause: the consumer writes a
 * retry or terminal record (stamped then) before it publishes the fact of the delivery that decided it (stamped after
 * the record was acknowledged), and a deduction's commit time precedes the fact of the delivery that made it. So a
 * record the ladder holds or the terminal topic took stands no earlier than the delivery of its origin record
 * ({@code originTopic/originPartition/originOffset} = the delivery's {@code topic/partition/offset}), and a deduction
 * no earlier than the delivery that booked its flow ({@code flowId}); a finding settled by a deduction (its
 * {@code flowId}) no earlier than that deduction.</li>
 * <li><b>Bounded.</b> At most {@value #KEEP_FIRST} + {@value #KEEP_LAST} entries: the first ones (how the payment
 * began) and the latest ones (where it is now). A callback storm or an endless retry loop drops from the middle and
 * counts what it dropped in {@link #omitted}; a value never grows without end.</li>
 * <li><b>A record once.</b> A record read again (a restart before the offsets were committed) must not add a
 * second line. Its identity is its topic, partition and offset; the records of one order on one partition arrive in
 * offset order, so remembering the highest offset seen per topic-partition ({@link #lastOffsets}, a handful per
 * order) recognises every re-read, even of an entry since dropped from the middle.</li>
 * </ul>
 *
 * @param entries the kept facts, in order
 * @param omitted how many facts were dropped from the middle to keep the bound
 * @param lastOffsets {@code topic-partition} → the highest offset taken from it
 * @param nextSeq the arrival number of the next fact
 */
public record Timeline(List<TimelineEntry> entries, long omitted, Map<String, Long> lastOffsets, long nextSeq) {

	/** How many of the earliest facts are always kept. */
	public static final int KEEP_FIRST = 50;

	/** How many of the latest facts are always kept. */
	public static final int KEEP_LAST = 150;

	public Timeline {
		entries = List.copyOf(Objects.requireNonNull(entries, "entries"));
		lastOffsets = Map.copyOf(Objects.requireNonNull(lastOffsets, "lastOffsets"));
	}

	public static Timeline empty() {
		return new Timeline(List.of(), 0, Map.of(), 0);
	}

	/**
	 * This timeline with one more fact.
	 * @param source the record's {@code topic-partition}, or {@code null} for a fact without a record identity
	 * (never taken for a re-read)
	 * @param offset the record's offset in {@code source}
	 * @return this timeline unchanged when the record was taken already
	 */
	public Timeline with(TimelineFact fact, String source, long offset) {
		Objects.requireNonNull(fact, "fact");
		Map<String, Long> offsets = this.lastOffsets;
		if (source != null) {
			Long last = this.lastOffsets.get(source);
			if (last != null && offset <= last) {
				return this;
			}
			offsets = new HashMap<>(this.lastOffsets);
			offsets.put(source, offset);
		}
		List<TimelineEntry> sorted = new ArrayList<>(this.entries.size() + 1);
		sorted.addAll(this.entries);
		sorted.add(new TimelineEntry(fact, this.nextSeq));
		placeAfterCauses(sorted);
		sorted.sort(TimelineEntry.IN_ORDER);
		long dropped = this.omitted;
		if (sorted.size() > KEEP_FIRST + KEEP_LAST) {
			// the oldest of the latest ones goes: the first KEEP_FIRST and the last KEEP_LAST stay
			sorted.remove(KEEP_FIRST);
			dropped++;
		}
		return new Timeline(sorted, dropped, offsets, this.nextSeq + 1);
	}

	/**
	 * Moves each effect whose cause is kept to no earlier than that cause. Two levels: a delivery causes the record
	 * it wrote (retry, terminal) and the deduction it booked; a deduction settles its MISSING finding. The finding is
	 * stamped when reconciliation read the deduction, which may be before the consumer stamped the delivery's fact;
	 * placed after the deduction (itself after its delivery), it never reads as settled before it was deducted.
	 */
	private static void placeAfterCauses(List<TimelineEntry> entries) {
		placeAfter(entries, TimelineFact.Step.DELIVERY);
		placeAfter(entries, TimelineFact.Step.DEDUCTED);
	}

	private static void placeAfter(List<TimelineEntry> entries, TimelineFact.Step causeStep) {
		Map<String, TimelineEntry> causes = new HashMap<>();
		for (TimelineEntry entry : entries) {
			if (entry.fact().step() == causeStep) {
				Map<String, String> detail = entry.fact().detail();
				if (causeStep == TimelineFact.Step.DELIVERY) {
					causes.putIfAbsent(recordKey(detail.get(Services.TOPIC), detail.get(Services.PARTITION),
							detail.get(Services.OFFSET)), entry);
				}
				if (detail.containsKey(Services.FLOW_ID)) {
					causes.putIfAbsent(flowKey(detail.get(Services.FLOW_ID)), entry);
				}
			}
		}
		if (causes.isEmpty()) {
			return;
		}
		for (int i = 0; i < entries.size(); i++) {
			TimelineEntry cause = causes.get(causeKey(entries.get(i).fact()));
			if (cause != null && cause != entries.get(i)) {
				entries.set(i, entries.get(i).after(cause));
			}
		}
	}

	private static String causeKey(TimelineFact fact) {
		Map<String, String> detail = fact.detail();
		switch (fact.step()) {
			case RETRY_HELD:
			case TERMINAL:
				return detail.containsKey(Services.ORIGIN_OFFSET) ? recordKey(detail.get(Services.ORIGIN_TOPIC),
						detail.get(Services.ORIGIN_PARTITION), detail.get(Services.ORIGIN_OFFSET)) : null;
			case DEDUCTED:
			case FINDING:
				// a finding with a flow is the settlement that deduction made
				return detail.containsKey(Services.FLOW_ID) ? flowKey(detail.get(Services.FLOW_ID)) : null;
			default:
				return null;
		}
	}

	private static String flowKey(String flowId) {
		return "flow:" + flowId;
	}

	private static String recordKey(String topic, String partition, String offset) {
		return "record:" + topic + "-" + partition + "@" + offset;
	}

	public boolean hasFacts() {
		return !this.entries.isEmpty();
	}

	/** The trace ids the facts were acted in, first seen first. */
	public List<String> traceIds() {
		List<String> ids = new ArrayList<>();
		for (TimelineEntry entry : this.entries) {
			String id = entry.fact().traceId();
			if (id != null && !id.isBlank() && !ids.contains(id)) {
				ids.add(id);
			}
		}
		return ids;
	}

}
