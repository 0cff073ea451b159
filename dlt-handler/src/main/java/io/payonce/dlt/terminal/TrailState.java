package io.payonce.dlt.terminal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the committed audit trail says, folded entry by entry in trail order: the operators' decision on each
 * terminal record occurrence (by topic position) and when each record was replayed. The replay and resolve rules
 * decide on this view inside an exclusive turn ({@link AuditTrail#exclusive}), so a decision another instance
 * committed a moment ago is always seen: that is what makes "replayed once" and the rate limit hold across
 * instances. Not thread-safe; the trail that owns it serialises access.
 */
public final class TrailState {

	private final Map<String, StatusChange> byPosition = new HashMap<>();

	/** The time of every REPLAYED change, in trail order. */
	private final List<Instant> replays = new ArrayList<>();

	public void apply(AuditEntry entry) {
		for (StatusChange change : entry.changes()) {
			this.byPosition.put(change.position(), change);
			if (change.status() == TerminalStatus.REPLAYED) {
				this.replays.add(change.at());
			}
		}
	}

	/** The latest decision on the terminal record at this position, empty while it is OPEN. */
	public Optional<StatusChange> decision(String position) {
		return Optional.ofNullable(this.byPosition.get(position));
	}

	/** Records replayed (by any instance) at or after {@code from}. */
	public long replayedSince(Instant from) {
		long count = 0;
		for (Instant at : this.replays) {
			if (!at.isBefore(from)) {
				count++;
			}
		}
		return count;
	}

}
