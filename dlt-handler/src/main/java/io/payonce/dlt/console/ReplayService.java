package io.payonce.dlt.console;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;

/**
 * Replay and resolve, the two things an operator does to a terminal record. Replays go to
 * {@code pay.success} with the original event id, so the consumer's guards (Redis key, order state CAS,
 * unique flow) make a second replay deduct nothing: replay is safe to repeat, never a shortcut to the
 * database. Every action, dry runs and refusals included, lands in the audit trail.
 * <p>
 * A replay is written to the trail <em>before</em> the first record is published (result {@code STARTED}),
 * then again with its outcome and status changes, under the same id (the {@code payonce-replay-id} of the
 * published records). If the trail cannot be written, nothing is published; if the handler dies between the
 * publish and the outcome, the trail still shows who started what (the records stay OPEN in the index, and a
 * second replay of them deducts nothing).
 */
public final class ReplayService {

	private final TerminalIndex index;

	private final AuditTrail audit;

	private final ReplayPublisher publisher;

	private final ReplayRateLimiter limiter;

	private final Clock clock;

	private final Supplier<String> ids;

	public ReplayService(TerminalIndex index, AuditTrail audit, ReplayPublisher publisher, ReplayRateLimiter limiter,
			Clock clock) {
		this(index, audit, publisher, limiter, clock, () -> UUID.randomUUID().toString());
	}

	ReplayService(TerminalIndex index, AuditTrail audit, ReplayPublisher publisher, ReplayRateLimiter limiter,
			Clock clock, Supplier<String> ids) {
		this.index = index;
		this.audit = audit;
		this.publisher = publisher;
		this.limiter = limiter;
		this.clock = clock;
		this.ids = ids;
	}

	/**
	 * The records a selection means. Explicit ids may name OPEN or REPLAYED records (replaying again is
	 * harmless); a filter selects only OPEN records, so "replay all" never repeats earlier replays.
	 */
	public List<TerminalRecord> select(Selection selection) {
		List<TerminalRecord> result = new ArrayList<>();
		if (selection.eventIds() != null && !selection.eventIds().isEmpty()) {
			for (String id : selection.eventIds()) {
				this.index.find(id).filter(r -> r.status() != TerminalStatus.RESOLVED).ifPresent(result::add);
			}
			return result;
		}
		TerminalFilter filter = (selection.filter() == null) ? TerminalFilter.all() : selection.filter();
		TerminalFilter openOnly = new TerminalFilter(filter.reason(), filter.orderNo(), filter.from(), filter.to(),
				TerminalStatus.OPEN);
		return this.index.list(openOnly);
	}

	public ReplayOutcome replay(Selection selection, boolean dryRun, String actor) {
		List<TerminalRecord> records = select(selection);
		String replayId = this.ids.get();
		Instant at = this.clock.instant();
		List<String> eventIds = records.stream().map(TerminalRecord::eventId).toList();
		if (dryRun) {
			this.audit.append(new AuditEntry(replayId, at, actor, "REPLAY_DRY_RUN", selection.describe(), eventIds,
					"OK: would replay " + records.size(), List.of()));
			return new ReplayOutcome(replayId, true, records, List.of(), List.of());
		}
		if (!this.limiter.tryAcquire(records.size())) {
			this.audit.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds,
					"REJECTED: rate limit, " + this.limiter.available() + " record(s) available now", List.of()));
			throw new RateLimitedException(records.size(), this.limiter.available());
		}
		// intent first: no record reaches pay.success without its entry in the trail
		this.audit.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds,
				"STARTED: replaying " + records.size(), List.of()));
		List<String> replayed = new ArrayList<>();
		List<String> failed = new ArrayList<>();
		List<StatusChange> changes = new ArrayList<>();
		for (TerminalRecord record : records) {
			try {
				this.publisher.publish(record, replayId);
				replayed.add(record.eventId());
				this.index.change(record.eventId(), TerminalStatus.REPLAYED, null, actor, at).ifPresent(changes::add);
			}
			catch (ReplayPublisher.ReplayFailedException ex) {
				failed.add(record.eventId() + ": " + ex.getMessage());
			}
		}
		String result = failed.isEmpty() ? "OK: replayed " + replayed.size()
				: "FAILED: replayed " + replayed.size() + ", failed " + failed;
		this.audit.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds, result, changes));
		return new ReplayOutcome(replayId, false, records, replayed, failed);
	}

	/** Marks a record handled without replaying it (refunded by hand, duplicate, …); the note says why. */
	public Optional<StatusChange> resolve(String eventId, String note, String actor) {
		Instant at = this.clock.instant();
		Optional<StatusChange> change = this.index.change(eventId, TerminalStatus.RESOLVED, note, actor, at);
		this.audit.append(new AuditEntry(this.ids.get(), at, actor, "RESOLVE", "id " + eventId, List.of(eventId),
				change.isPresent() ? "OK" : "REJECTED: unknown or already resolved", change.stream().toList()));
		return change;
	}

	/** Explicit event ids, or else a filter. */
	public record Selection(List<String> eventIds, TerminalFilter filter) {

		String describe() {
			if (this.eventIds != null && !this.eventIds.isEmpty()) {
				return "ids " + this.eventIds;
			}
			return "filter " + ((this.filter == null) ? TerminalFilter.all() : this.filter);
		}

	}

	/** What a replay did (or, for a dry run, would do). */
	public record ReplayOutcome(String replayId, boolean dryRun, List<TerminalRecord> selected, List<String> replayed,
			List<String> failed) {

	}

	/** More records than the rate limit allows right now; nothing was replayed. */
	public static final class RateLimitedException extends RuntimeException {

		public RateLimitedException(int requested, long available) {
			super("Replay of " + requested + " record(s) refused by the rate limit; " + available + " available now");
		}

	}

}
