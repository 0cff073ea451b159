package io.payonce.dlt.terminal;

import java.util.List;

/**
 * Where operator actions are kept: append-only, tamper-evident and shared by every handler instance. An entry that
 * was changed, removed or reordered after it was written is detected by {@link #verify()}.
 * <p>
 * Writes are turns: {@link #exclusive} gives a step the trail as committed so far by every instance
 * ({@link TrailState}) and guarantees that nothing else is appended until the step's own entries are, and that
 * the entries and the replays the step makes are committed together or not at all. A rule that decides on the
 * trail (this record was not replayed yet, the rate limit has room) therefore holds across instances, and no
 * replay reaches {@code pay.success} without its entries.
 */
public interface AuditTrail {

	/** Appends one entry, unconditionally (dry runs, refusals, refunds). */
	default void append(AuditEntry entry) {
		exclusive((trail, turn) -> {
			turn.append(entry);
			return null;
		});
	}

	/**
	 * Runs {@code step} with exclusive write access to the trail. The step may be run more than once (when another
	 * instance wrote in between, the turn starts again on the newer trail): it must act only through its
	 * {@link Turn}, whose writes are discarded unless the whole turn commits.
	 * @return what the step returned in the turn that committed
	 * @throws TrailUnavailableException nothing of the turn was committed
	 */
	<T> T exclusive(Step<T> step);

	/** Every entry, oldest first (this instance's and every other's, as far as read). */
	List<AuditEntry> entries();

	/**
	 * Re-reads what is stored and checks that it is the trail this handler read.
	 * @throws TamperedAuditTrailException naming the first entry that is not intact
	 */
	void verify();

	/** A write turn's logic: decides on the committed trail, writes through the turn. */
	@FunctionalInterface
	interface Step<T> {

		T run(TrailState committed, Turn turn);

	}

	/** The writes of one turn: none is visible to anyone before the turn commits, all are after. */
	interface Turn {

		void append(AuditEntry entry);

		/**
		 * Publishes a terminal record back to {@code pay.success}: same key, value and event id, attempt 1, header
		 * {@code payonce-replay-id}.
		 */
		void replay(TerminalRecord record, String replayId);

	}

	/** The stored trail was changed behind the handler's back. */
	final class TamperedAuditTrailException extends IllegalStateException {

		public TamperedAuditTrailException(String message) {
			super(message);
		}

	}

	/** The trail could not be read or written in time; nothing of the turn was committed. */
	final class TrailUnavailableException extends RuntimeException {

		public TrailUnavailableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
