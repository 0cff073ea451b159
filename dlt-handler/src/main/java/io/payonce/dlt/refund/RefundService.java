package io.payonce.dlt.refund;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;

/**
 * The operator's one action on a duplicate payment: "refunded at the platform". PayOnce moves no money here; it
 * records that the money owed back was returned, so that the entry leaves the open list and the alert. The
 * decision is written to the decisions log first (durable, shared by instances), then shown, then audited; a
 * refund recorded twice is one change: the second request changes nothing and is audited as such.
 */
public final class RefundService {

	static final String ACTION = "MARK_REFUNDED";

	private final DuplicatePaymentIndex index;

	private final RefundDecisionLog decisions;

	private final AuditTrail audit;

	private final Clock clock;

	private final Supplier<String> ids;

	public RefundService(DuplicatePaymentIndex index, RefundDecisionLog decisions, AuditTrail audit, Clock clock) {
		this(index, decisions, audit, clock, () -> UUID.randomUUID().toString());
	}

	RefundService(DuplicatePaymentIndex index, RefundDecisionLog decisions, AuditTrail audit, Clock clock,
			Supplier<String> ids) {
		this.index = index;
		this.decisions = decisions;
		this.audit = audit;
		this.clock = clock;
		this.ids = ids;
	}

	/**
	 * Synchronized: two requests of this instance for one payNo are one change. (Two instances at the same
	 * moment may both write REFUNDED; the last one in the decisions topic is what every instance shows.)
	 * @param note what the operator wrote, e.g. the platform's refund reference; required
	 * @return the entry after the action, empty if the payNo is not a listed duplicate payment
	 * @throws RefundDecisionLog.DecisionNotRecordedException when the decision could not be stored: nothing
	 * changed, the operator may try again
	 */
	public synchronized Optional<Outcome> markRefunded(String payNo, String note, String actor)
			throws RefundDecisionLog.DecisionNotRecordedException {
		String auditId = this.ids.get();
		Instant at = this.clock.instant();
		Optional<DuplicatePaymentEntry> found = this.index.find(payNo);
		if (found.isEmpty()) {
			audit(auditId, at, actor, "duplicate payment " + payNo, List.of(), "REJECTED: no such duplicate payment");
			return Optional.empty();
		}
		DuplicatePaymentEntry entry = found.get();
		String selection = "duplicate payment " + payNo + " of order " + entry.orderNo();
		List<String> eventIds = (entry.eventId() != null) ? List.of(entry.eventId()) : List.of();
		if (entry.state() == RefundState.REFUNDED) {
			audit(auditId, at, actor, selection, eventIds, "OK: nothing changed, REFUNDED already by "
					+ entry.refundedBy() + " at " + entry.refundedAt() + "; note: " + note);
			return Optional.of(new Outcome(entry, false));
		}
		RefundDecision decision = new RefundDecision(payNo, RefundState.REFUNDED, note, actor, at, auditId);
		try {
			this.decisions.record(decision);
		}
		catch (RefundDecisionLog.DecisionNotRecordedException ex) {
			audit(auditId, at, actor, selection, eventIds, "FAILED: " + ex.getMessage());
			throw ex;
		}
		this.index.decided(decision);
		audit(auditId, at, actor, selection, eventIds, "OK: REFUNDED; note: " + note);
		return this.index.find(payNo).map((refunded) -> new Outcome(refunded, true));
	}

	private void audit(String id, Instant at, String actor, String selection, List<String> eventIds, String result) {
		this.audit.append(new AuditEntry(id, at, actor, ACTION, selection, eventIds, result, List.of()));
	}

	/**
	 * @param entry the duplicate payment after the action
	 * @param changed {@code false} when it was REFUNDED already
	 */
	public record Outcome(DuplicatePaymentEntry entry, boolean changed) {

	}

}
