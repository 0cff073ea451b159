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
 * decisions. Rebuilt on every start from the topic (read from the beginning) plus the decisions of the shared
 * audit trail (every instance's, read from the beginning and then followed), which are keyed by the exact topic
 * position so that a record that fails again after a replay shows up OPEN again. The index only shows decisions;
 * they are made on the committed trail ({@code ReplayService}), where RESOLVED is final and an occurrence is
 * replayed once.
 */
public final class TerminalIndex {

	private final Map<String, TerminalRecord> byEventId = new ConcurrentHashMap<>();

	/** Decisions by topic position, from the audit trail; applied when that record (re)arrives. */
	private final Map<String, StatusChange> decisions = new ConcurrentHashMap<>();

	/** A decision read from the audit trail (at start, or as any instance commits it), before or after its record. */
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

	/**
	 * The console's order: the record that became terminal last comes first (what an operator looks for is
	 * nearly always the latest failure). Equal arrival times are ordered by event id, so the order is total and the
	 * same on every instance and every request: paging never repeats or skips a record.
	 */
	public static final Comparator<TerminalRecord> NEWEST_FIRST = Comparator
		.comparing(TerminalRecord::arrivedAt, Comparator.reverseOrder())
		.thenComparing(TerminalRecord::eventId);

	/** Matching records, newest first ({@link #NEWEST_FIRST}). */
	public List<TerminalRecord> list(TerminalFilter filter) {
		List<TerminalRecord> result = new ArrayList<>();
		for (TerminalRecord record : this.byEventId.values()) {
			if (filter.matches(record)) {
				result.add(record);
			}
		}
		result.sort(NEWEST_FIRST);
		return result;
	}

	/**
	 * At most {@code size} matching records, newest first, starting after {@code after} (the first page when
	 * empty). Keyed on the last record's sort key, not on an offset: a record arriving meanwhile sorts onto the
	 * first page and does not push a row of a later page onto the next one.
	 */
	public TerminalPage page(TerminalFilter filter, Optional<PageCursor> after, int size) {
		if (size < 1) {
			throw new IllegalArgumentException("page size must be at least 1, was " + size);
		}
		List<TerminalRecord> matching = list(filter);
		List<TerminalRecord> page = new ArrayList<>(Math.min(size, matching.size()));
		boolean more = false;
		for (TerminalRecord record : matching) {
			if (after.isPresent() && !after.get().isBefore(record)) {
				continue;
			}
			if (page.size() == size) {
				more = true;
				break;
			}
			page.add(record);
		}
		return new TerminalPage(page, more ? Optional.of(PageCursor.after(page.get(page.size() - 1))) : Optional.empty());
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
