package io.payonce.dlt.terminal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's view of the terminal topic: the latest terminal record per event id, with the operators'
 * decisions. Rebuilt on every start from the topic (read from the beginning) plus the decisions in the
 * audit trail, which are keyed by the exact topic position so that a record that fails again after a
 * replay shows up OPEN again. Transitions are guarded: RESOLVED is final, only the current occurrence can
 * change.
 */
public final class TerminalIndex {

	private final Map<String, TerminalRecord> byEventId = new ConcurrentHashMap<>();

	/** Decisions by topic position, from the audit trail; applied when that record (re)arrives. */
	private final Map<String, StatusChange> decisions = new ConcurrentHashMap<>();

	/** Re-applies a decision recorded earlier (on start, before or after its record arrived). */
	public synchronized void recorded(StatusChange change) {
		this.decisions.put(change.position(), change);
		TerminalRecord current = this.byEventId.get(change.eventId());
		if (current != null && current.position().equals(change.position())) {
			this.byEventId.put(change.eventId(),
					current.withStatus(change.status(), change.note(), change.by(), change.at()));
		}
	}

	/** A record read from the terminal topic; a later occurrence of the same event replaces an earlier one. */
	public synchronized void arrived(TerminalRecord record) {
		TerminalRecord current = this.byEventId.get(record.eventId());
		if (current != null && !current.arrivedAt().isAfter(record.arrivedAt())
				&& current.position().equals(record.position())) {
			return; // the same record read again
		}
		if (current != null && current.arrivedAt().isAfter(record.arrivedAt())) {
			return; // an older occurrence (another partition read later) does not hide the newer one
		}
		StatusChange decided = this.decisions.get(record.position());
		this.byEventId.put(record.eventId(), (decided == null) ? record
				: record.withStatus(decided.status(), decided.note(), decided.by(), decided.at()));
	}

	public Optional<TerminalRecord> find(String eventId) {
		return Optional.ofNullable(this.byEventId.get(eventId));
	}

	/** Matching records, oldest arrival first. */
	public List<TerminalRecord> list(TerminalFilter filter) {
		List<TerminalRecord> result = new ArrayList<>();
		for (TerminalRecord record : this.byEventId.values()) {
			if (filter.matches(record)) {
				result.add(record);
			}
		}
		result.sort(Comparator.comparing(TerminalRecord::arrivedAt).thenComparing(TerminalRecord::eventId));
		return result;
	}

	/**
	 * Applies an operator's decision to the current occurrence of an event.
	 * @return the change to record in the audit trail, empty if the transition is not allowed
	 */
	public synchronized Optional<StatusChange> change(String eventId, TerminalStatus next, String note, String by,
			Instant at) {
		TerminalRecord current = this.byEventId.get(eventId);
		// guard: RESOLVED is final; OPEN and REPLAYED may be replayed (again) or resolved
		if (current == null || current.status() == TerminalStatus.RESOLVED || next == TerminalStatus.OPEN) {
			return Optional.empty();
		}
		StatusChange change = new StatusChange(eventId, current.position(), next, note, by, at);
		this.decisions.put(change.position(), change);
		this.byEventId.put(eventId, current.withStatus(next, note, by, at));
		return Optional.of(change);
	}

	/** Open terminal records: the backlog that alerts watch. */
	public Backlog backlog(Instant now) {
		long open = 0;
		Instant oldest = null;
		for (TerminalRecord record : this.byEventId.values()) {
			if (record.status() == TerminalStatus.OPEN) {
				open++;
				if (oldest == null || record.arrivedAt().isBefore(oldest)) {
					oldest = record.arrivedAt();
				}
			}
		}
		Duration age = (oldest == null || oldest.isAfter(now)) ? Duration.ZERO : Duration.between(oldest, now);
		return new Backlog(open, age);
	}

	/** The open terminal records and the age of the oldest one (zero when there is none). */
	public record Backlog(long open, Duration oldestAge) {

	}

}
