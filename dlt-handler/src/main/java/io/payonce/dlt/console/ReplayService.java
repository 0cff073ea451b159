package io.payonce.dlt.console;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TraceContext;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.terminal.OrderLogContext;
import io.payonce.ops.logging.TraceLogContext;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import io.payonce.dlt.terminal.TrailState;
import io.payonce.dlt.timeline.FactPublisher;
import io.payonce.dlt.timeline.Services;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replay and resolve, the two things an operator does to a terminal record. Replays go to
 * {@code pay.success} with the original event id, so the consumer's guards (Redis key, order state CAS,
 * unique flow) would make a second replay deduct nothing: replay is never a shortcut to the database. Every
 * action, dry runs and refusals included, lands in the audit trail.
 * <p>
 * <b>Once per occurrence, across instances.</b> A replay is decided and made in one exclusive turn on the shared
 * audit trail ({@link AuditTrail#exclusive}): the turn sees every decision any instance committed, drops the
 * records already replayed or resolved at that topic position, checks the rate limit on the trail, and then
 * writes the intent ({@code STARTED}), the records for {@code pay.success} and the outcome with the REPLAYED
 * changes, all committed together or not at all. Two operators replaying the same record on two instances at
 * once produce one replay; the other is told nothing was left to replay. A record that fails again after its
 * replay comes back as a new terminal record (a new position), OPEN, and may be replayed again.
 */
public final class ReplayService {

	private static final Logger log = LoggerFactory.getLogger(ReplayService.class);

	private final TerminalIndex index;

	private final AuditTrail audit;

	private final ReplayRateLimit limit;

	private final Clock clock;

	private final Supplier<String> ids;

	private final FactPublisher facts;

	public ReplayService(TerminalIndex index, AuditTrail audit, ReplayRateLimit limit, Clock clock,
			FactPublisher facts) {
		this(index, audit, limit, clock, () -> UUID.randomUUID().toString(), facts);
	}

	public ReplayService(TerminalIndex index, AuditTrail audit, ReplayRateLimit limit, Clock clock) {
		this(index, audit, limit, clock, FactPublisher.NONE);
	}

	ReplayService(TerminalIndex index, AuditTrail audit, ReplayRateLimit limit, Clock clock, Supplier<String> ids) {
		this(index, audit, limit, clock, ids, FactPublisher.NONE);
	}

	ReplayService(TerminalIndex index, AuditTrail audit, ReplayRateLimit limit, Clock clock, Supplier<String> ids,
			FactPublisher facts) {
		this.index = index;
		this.audit = audit;
		this.limit = limit;
		this.clock = clock;
		this.ids = ids;
		this.facts = facts;
	}

	/**
	 * The records a selection means, as this instance's view shows them: explicit ids name records that are not
	 * RESOLVED, a filter selects OPEN ones. The exclusive turn then keeps only those the committed trail still
	 * shows undecided.
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
		// replayed in the order they failed (the console lists newest first)
		List<TerminalRecord> open = new ArrayList<>(this.index.list(openOnly));
		Collections.reverse(open);
		return open;
	}

	/**
	 * @throws RateLimitedException the selection is larger than the room the rate limit leaves (audited, nothing
	 * replayed)
	 * @throws AuditTrail.TrailUnavailableException neither the replay nor its failure could be written
	 */
	public ReplayOutcome replay(Selection selection, boolean dryRun, String actor) {
		return replay(selection, dryRun, actor, (record) -> null);
	}

	/**
	 * A replay or dry run, and one REPLAY fact per selected record on the ops timeline, published after its audit
	 * entry is written (who, dry run or not, the replay id, and for a dry run the forecast's verdict).
	 * @param verdict a dry run's forecast verdict of a record, {@code null} when there is none
	 */
	public ReplayOutcome replay(Selection selection, boolean dryRun, String actor,
			Function<TerminalRecord, String> verdict) {
		// the timeline's lines stand where the operator acted, before the records the replay sends (stamped later)
		Instant acted = this.clock.instant();
		// every line of this replay (this class's, the audit trail's) names the orders it selected
		try (OrderLogContext orders = OrderLogContext.enter(orderNos(select(selection)))) {
			ReplayOutcome outcome;
			try {
				outcome = replayLogged(selection, dryRun, actor);
			}
			catch (RateLimitedException ex) {
				publishFacts(acted, select(selection), "REFUSED", null, dryRun, actor, (record) -> null,
						ex.getMessage());
				throw ex;
			}
			logOutcome(outcome, actor);
			for (TerminalRecord record : outcome.selected()) {
				String decision = outcome.dryRun() ? "DRY_RUN"
						: outcome.replayed().contains(record.eventId()) ? "REPLAYED" : "NOT_REPLAYED";
				publishFacts(acted, List.of(record), decision, outcome.replayId(), outcome.dryRun(), actor, verdict,
						outcome.failed().isEmpty() ? null : String.join("; ", outcome.failed()));
			}
			return outcome;
		}
	}

	/** The timeline's REPLAY line of each record; the replay continues the payment's trace, so does its line. */
	private void publishFacts(Instant at, List<TerminalRecord> records, String decision, String replayId,
			boolean dryRun, String actor, Function<TerminalRecord, String> verdict, String note) {
		for (TerminalRecord record : records) {
			Map<String, String> detail = new LinkedHashMap<>();
			detail.put(Services.WHO, actor);
			detail.put(Services.DRY_RUN, Boolean.toString(dryRun));
			if (replayId != null) {
				detail.put(Services.REPLAY_ID, replayId);
			}
			detail.put("eventId", record.eventId());
			String forecast = dryRun ? verdict.apply(record) : null;
			if (forecast != null) {
				detail.put("forecast", forecast);
			}
			if (note != null && !"REPLAYED".equals(decision) && !"DRY_RUN".equals(decision)) {
				detail.put("note", note);
			}
			String traceId = TraceContext.of(record.headers().get(PayonceHeaders.TRACEPARENT), null).traceId();
			this.facts.publish(record.orderNo(), at, TimelineFact.Step.REPLAY, decision, traceId, detail);
		}
	}

	private ReplayOutcome replayLogged(Selection selection, boolean dryRun, String actor) {
		String replayId = this.ids.get();
		if (dryRun) {
			List<TerminalRecord> records = select(selection).stream()
				.filter(r -> r.status() == TerminalStatus.OPEN)
				.toList();
			this.audit.append(new AuditEntry(replayId, this.clock.instant(), actor, "REPLAY_DRY_RUN",
					selection.describe(), eventIds(records), "OK: would replay " + records.size(), List.of()));
			return new ReplayOutcome(replayId, true, records, List.of(), List.of());
		}
		Turned turned;
		try {
			turned = this.audit.exclusive((trail, turn) -> replayIn(trail, turn, selection, replayId, actor));
		}
		catch (AuditTrail.TrailUnavailableException ex) {
			// the turn was not committed (or, rarely, its outcome could not be read back: the message says which);
			// the trail shows what happened either way, and a record is never replayed twice
			List<TerminalRecord> records = select(selection);
			this.audit.append(new AuditEntry(replayId, this.clock.instant(), actor, "REPLAY", selection.describe(),
					eventIds(records), "FAILED: " + ex.getMessage(), List.of()));
			return new ReplayOutcome(replayId, false, records, List.of(),
					records.stream().map(r -> r.eventId() + ": " + ex.getMessage()).toList());
		}
		if (turned.refusedAvailable() >= 0) {
			log.warn("Replay {} by {} refused by the rate limit: orderNo {}", replayId, actor,
					orderNos(turned.records()));
			throw new RateLimitedException(turned.records().size(), turned.refusedAvailable());
		}
		return new ReplayOutcome(replayId, false, turned.records(), eventIds(turned.records()), List.of());
	}

	/** One line per record and outcome, each naming its order in the message and, with its trace, in the logging context. */
	private static void logOutcome(ReplayOutcome outcome, String actor) {
		if (outcome.selected().isEmpty()) {
			log.info("Replay {} by {}: nothing to replay (already replayed or resolved)", outcome.replayId(), actor);
		}
		for (TerminalRecord record : outcome.selected()) {
			// the record's order and the trace it travels with (kept on the replayed record: ReplayRecords)
			try (TraceLogContext order = TraceLogContext.enter(record.orderNo(),
					record.headers().get(PayonceHeaders.TRACEPARENT))) {
				if (outcome.dryRun()) {
					log.info("Replay {} by {} (dry run): orderNo={} eventId={} at {} would be replayed",
							outcome.replayId(), actor, record.orderNo(), record.eventId(), record.position());
				}
				else if (outcome.replayed().contains(record.eventId())) {
					log.info("Replay {} by {}: orderNo={} eventId={} at {} replayed to pay.success", outcome.replayId(),
							actor, record.orderNo(), record.eventId(), record.position());
				}
				else {
					log.warn("Replay {} by {}: orderNo={} eventId={} at {} NOT replayed ({})", outcome.replayId(), actor,
							record.orderNo(), record.eventId(), record.position(),
							outcome.failed().isEmpty() ? "already replayed or resolved" : outcome.failed().get(0));
				}
			}
		}
	}

	/** One turn of a replay; may run more than once, acts only through {@code turn}. */
	private Turned replayIn(TrailState trail, AuditTrail.Turn turn, Selection selection, String replayId,
			String actor) {
		Instant at = this.clock.instant();
		List<TerminalRecord> selected = select(selection);
		// the claim: only an occurrence no instance has replayed or resolved yet
		List<TerminalRecord> records = selected.stream().filter(r -> trail.decision(r.position()).isEmpty()).toList();
		if (records.isEmpty()) {
			turn.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds(selected),
					"REJECTED: nothing to replay, " + selected.size() + " selected record(s) already replayed or resolved",
					List.of()));
			return new Turned(records, -1);
		}
		long available = this.limit.available(trail, at);
		if (records.size() > available) {
			turn.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds(records),
					"REJECTED: rate limit, " + available + " record(s) available now", List.of()));
			return new Turned(records, available);
		}
		// intent first, then the records, then the outcome: one commit, so none of it is seen without the rest
		turn.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds(records),
				"STARTED: replaying " + records.size(), List.of()));
		List<StatusChange> changes = new ArrayList<>();
		for (TerminalRecord record : records) {
			turn.replay(record, replayId);
			changes.add(new StatusChange(record.eventId(), record.position(), TerminalStatus.REPLAYED, null, actor, at));
		}
		turn.append(new AuditEntry(replayId, at, actor, "REPLAY", selection.describe(), eventIds(records),
				"OK: replayed " + records.size(), changes));
		return new Turned(records, -1);
	}

	/**
	 * Marks a record handled without replaying it (refunded by hand, duplicate, …); the note says why. RESOLVED is
	 * final; an OPEN or a REPLAYED record may be resolved.
	 * @return the change, empty if the record is unknown or resolved already (audited either way)
	 */
	public Optional<StatusChange> resolve(String eventId, String note, String actor) {
		String id = this.ids.get();
		try (OrderLogContext orders = OrderLogContext
			.enter(this.index.find(eventId).map(TerminalRecord::orderNo).stream().toList())) {
			return resolveIn(id, eventId, note, actor);
		}
	}

	private Optional<StatusChange> resolveIn(String id, String eventId, String note, String actor) {
		return this.audit.exclusive((trail, turn) -> {
			Instant at = this.clock.instant();
			Optional<StatusChange> change = this.index.find(eventId)
				.filter(r -> trail.decision(r.position()).map(d -> d.status() != TerminalStatus.RESOLVED).orElse(true))
				.map(r -> new StatusChange(eventId, r.position(), TerminalStatus.RESOLVED, note, actor, at));
			turn.append(new AuditEntry(id, at, actor, "RESOLVE", "id " + eventId, List.of(eventId),
					change.isPresent() ? "OK" : "REJECTED: unknown or already resolved", change.stream().toList()));
			return change;
		});
	}

	private static List<String> orderNos(List<TerminalRecord> records) {
		return records.stream().map(TerminalRecord::orderNo).distinct().toList();
	}

	private static List<String> eventIds(List<TerminalRecord> records) {
		return records.stream().map(TerminalRecord::eventId).toList();
	}

	/** What a turn decided: the records, and the room left when the rate limit refused them (else -1). */
	private record Turned(List<TerminalRecord> records, long refusedAvailable) {

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

	/**
	 * What a replay did (or, for a dry run, would do).
	 * @param selected the records it applied to; empty when every selected one was replayed or resolved already
	 */
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
