package io.payonce.dlt.terminal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * An {@link AuditTrail} in memory, for tests that read back what was audited and what was replayed. Turns are
 * serialised by a lock and committed whole: a step that throws leaves no entry and no replay. Entries' decisions
 * go to {@code onEntry} (the terminal index), as the Kafka trail does. A test may override {@link #commit} to fail.
 */
public class ListAuditTrail implements AuditTrail {

	private final List<AuditEntry> entries = new ArrayList<>();

	private final List<String> replays = new ArrayList<>();

	private final TrailState state = new TrailState();

	private final Consumer<AuditEntry> onEntry;

	public ListAuditTrail() {
		this((entry) -> {
		});
	}

	/** @param index told of every committed decision */
	public ListAuditTrail(TerminalIndex index) {
		this((entry) -> entry.changes().forEach(index::recorded));
	}

	public ListAuditTrail(Consumer<AuditEntry> onEntry) {
		this.onEntry = onEntry;
	}

	@Override
	public synchronized <T> T exclusive(Step<T> step) {
		List<AuditEntry> appended = new ArrayList<>();
		List<String> replayed = new ArrayList<>();
		T result = step.run(this.state, new Turn() {

			@Override
			public void append(AuditEntry entry) {
				appended.add(entry);
			}

			@Override
			public void replay(TerminalRecord record, String replayId) {
				replayed.add(record.eventId() + "@" + replayId);
			}

		});
		commit(appended, replayed);
		for (AuditEntry entry : appended) {
			this.entries.add(entry);
			this.state.apply(entry);
			this.onEntry.accept(entry);
		}
		this.replays.addAll(replayed);
		return result;
	}

	/** The moment a turn would be committed; a test overrides it to make the commit fail. */
	protected void commit(List<AuditEntry> entries, List<String> replays) {
	}

	@Override
	public synchronized List<AuditEntry> entries() {
		return List.copyOf(this.entries);
	}

	/** Replays committed, as {@code eventId@replayId}. */
	public synchronized List<String> replays() {
		return List.copyOf(this.replays);
	}

	@Override
	public void verify() {
		// held in memory: nothing stored to compare with
	}

}
