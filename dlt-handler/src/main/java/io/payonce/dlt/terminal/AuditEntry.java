package io.payonce.dlt.terminal;

import java.time.Instant;
import java.util.List;

/**
 * One operator action: who, when, what (action, selection, the event ids it touched), with what result.
 * Dry runs are audited too, so the trail shows that the operator looked before replaying.
 *
 * @param id audit id; for a replay it is also the {@code payonce-replay-id} header of the published records,
 * and two entries carry it: the intent ({@code STARTED}, written before the first publish) and the outcome
 * @param at when
 * @param actor the authenticated user
 * @param action REPLAY, REPLAY_DRY_RUN or RESOLVE
 * @param selection how the records were chosen (ids or filter), as text
 * @param eventIds the records the action applied to
 * @param result STARTED (a replay about to publish), OK, REJECTED (rate limit, not allowed) or FAILED (publish
 * error), with detail
 * @param changes the status changes it made, re-applied to the index on start
 */
public record AuditEntry(String id, Instant at, String actor, String action, String selection, List<String> eventIds,
		String result, List<StatusChange> changes) {

	public AuditEntry {
		eventIds = List.copyOf(eventIds);
		changes = List.copyOf(changes);
	}

}
