package io.payonce.reconciliation.freeze;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Freezes and unfreezes an account's deductions (see {@code package-info}). The read before the write chooses the
 * guarded statement and the answer; the guard decides a race, and a missed guard is read again (the next read sees
 * the winner, so the answer becomes ALREADY_FROZEN, NOT_FROZEN or ACCOUNT_NOT_FOUND).
 */
public final class FreezeService implements AutomaticFreeze {

	/** The operator name of the statement import's automatic freezes. */
	public static final String STATEMENT_IMPORT = "statement-import";

	private static final Logger log = LoggerFactory.getLogger(FreezeService.class);

	/** A guard misses only when someone else changed the row in between; a few reads settle it. */
	private static final int ATTEMPTS = 3;

	private final FreezeLedger ledger;

	private final Clock clock;

	public FreezeService(FreezeLedger ledger, Clock clock) {
		this.ledger = ledger;
		this.clock = clock;
	}

	public FreezeResult freeze(FreezeRequest request) {
		return decide(request, FreezeAction.FREEZE);
	}

	public FreezeResult unfreeze(FreezeRequest request) {
		return decide(request, FreezeAction.UNFREEZE);
	}

	/** An automatic freeze, audited as by {@link #STATEMENT_IMPORT} with its cause. */
	@Override
	public FreezeResult freeze(long userId, String reason, String cause) {
		return freeze(new FreezeRequest(userId, STATEMENT_IMPORT, reason, cause));
	}

	/** The accounts frozen now, the latest change first. */
	public List<AccountFreeze> frozen() {
		return this.ledger.frozen();
	}

	private FreezeResult decide(FreezeRequest request, FreezeAction action) {
		Instant at = this.clock.instant();
		for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
			Optional<AccountFreeze> before = this.ledger.find(request.userId());
			FreezeStatus was = before.map(AccountFreeze::status).orElse(null);
			if (action == FreezeAction.FREEZE && before.isPresent() && before.get().frozen()) {
				return refused(request, action, at, FreezeOutcome.ALREADY_FROZEN, before, "user " + request.userId()
						+ " is frozen already, by " + before.get().changedBy() + ": " + before.get().reason());
			}
			if (action == FreezeAction.UNFREEZE && (before.isEmpty() || !before.get().frozen())) {
				if (before.isEmpty() && !this.ledger.accountExists(request.userId())) {
					return refused(request, action, at, FreezeOutcome.ACCOUNT_NOT_FOUND, before,
							"no account for user " + request.userId());
				}
				return refused(request, action, at, FreezeOutcome.NOT_FROZEN, before,
						"user " + request.userId() + " is not frozen");
			}
			if (before.isEmpty() && !this.ledger.accountExists(request.userId())) {
				return refused(request, action, at, FreezeOutcome.ACCOUNT_NOT_FOUND, before,
						"no account for user " + request.userId() + ": nothing to freeze");
			}
			FreezeStatus to = (action == FreezeAction.FREEZE) ? FreezeStatus.FROZEN : FreezeStatus.UNFROZEN;
			FreezeOutcome outcome = (action == FreezeAction.FREEZE) ? FreezeOutcome.FROZEN : FreezeOutcome.UNFROZEN;
			OptionalLong auditId = this.ledger.change(before, to, request, at,
					new FreezeAuditEntry(at, request.operator(), request.userId(), action, request.reason(),
							request.cause(), outcome, was, to));
			if (auditId.isPresent()) {
				String detail = (action == FreezeAction.FREEZE)
						? "deductions of user " + request.userId() + " frozen: payments wait with ACCOUNT_FROZEN"
						: "deductions of user " + request.userId() + " resumed: waiting payments are deducted on"
								+ " their next retry";
				// WARN: a freeze stops money, an unfreeze lets it move again; both belong in the operations log
				log.warn("{} by {}: {} ({}{})", outcome, request.operator(), detail, request.reason(),
						(request.cause() != null) ? "; cause " + request.cause() : "");
				return new FreezeResult(outcome, request.userId(), was, to, this.ledger.find(request.userId())
					.orElse(null), detail, auditId.getAsLong());
			}
			log.info("{} of user {} missed its guard (attempt {}): the account changed meanwhile, reading again",
					action, request.userId(), attempt);
		}
		throw new IllegalStateException("The freeze state of user " + request.userId() + " kept changing during "
				+ ATTEMPTS + " attempts; nothing written by this request, try again");
	}

	private FreezeResult refused(FreezeRequest request, FreezeAction action, Instant at, FreezeOutcome outcome,
			Optional<AccountFreeze> current, String detail) {
		FreezeStatus status = current.map(AccountFreeze::status).orElse(null);
		long auditId = this.ledger.audit(new FreezeAuditEntry(at, request.operator(), request.userId(), action,
				request.reason(), request.cause(), outcome, status, status));
		log.info("{} request by {} for user {}: {} ({})", action, request.operator(), request.userId(), outcome,
				detail);
		return new FreezeResult(outcome, request.userId(), status, status, current.orElse(null), detail, auditId);
	}

}
