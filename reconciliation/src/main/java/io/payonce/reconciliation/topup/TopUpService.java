package io.payonce.reconciliation.topup;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import io.payonce.reconciliation.audit.LedgerAudit;
import io.payonce.reconciliation.topup.TopUpLedger.BookedTopUp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A manual credit as a ledger operation (see {@code package-info}). The reads before the write are a fast path for
 * the answer; the unique key {@code (biz_no, type)} decides when two requests with one reference race, and the
 * credit's {@code WHERE user_id = ? AND currency = ?} when the account changed meanwhile.
 */
public final class TopUpService {

	public static final String TOP_UP = LedgerAudit.TOP_UP;

	private static final Logger log = LoggerFactory.getLogger(TopUpService.class);

	private final TopUpLedger ledger;

	private final Clock clock;

	public TopUpService(TopUpLedger ledger, Clock clock) {
		this.ledger = ledger;
		this.clock = clock;
	}

	public TopUpResult topUp(TopUpRequest request) {
		Instant at = this.clock.instant();
		Optional<BookedTopUp> booked = this.ledger.topUp(request.reference());
		if (booked.isPresent()) {
			return repeated(request, at, booked.get());
		}
		Optional<String> currency = this.ledger.accountCurrency(request.userId());
		if (currency.isEmpty()) {
			return refused(request, at, TopUpOutcome.ACCOUNT_NOT_FOUND, "no account for user " + request.userId()
					+ ": open it first (./payonce account " + request.userId() + " " + request.currency() + ")");
		}
		if (!currency.get().equals(request.currency())) {
			return refused(request, at, TopUpOutcome.CURRENCY_MISMATCH, "the account of user " + request.userId()
					+ " holds " + currency.get() + ", not " + request.currency());
		}
		String detail = "credited " + request.amount().toPlainString() + " " + request.currency() + " to user "
				+ request.userId() + " under reference " + request.reference();
		try {
			TopUpLedger.Posted posted = this.ledger.post(entry(request, at, TopUpOutcome.TOPPED_UP, null, detail));
			log.warn("Top-up by {}: {} as flow {}, balance now {} ({})", request.operator(), detail, posted.flowId(),
					posted.balance().toPlainString(), request.reason());
			return new TopUpResult(TopUpOutcome.TOPPED_UP, request.userId(), request.reference(), request.amount(),
					posted.flowId(), posted.balance(), detail, posted.auditId());
		}
		catch (TopUpLedger.ReferenceTakenException ex) {
			// lost the race to a request with the same reference: its flow stands, ours wrote nothing
			return this.ledger.topUp(request.reference())
				.map(winner -> repeated(request, at, winner))
				.orElseThrow(() -> new IllegalStateException("reference " + request.reference()
						+ " was refused as taken but holds no TOP_UP flow", ex));
		}
		catch (TopUpLedger.AccountChangedException ex) {
			return refused(request, at, TopUpOutcome.ACCOUNT_NOT_FOUND, ex.getMessage());
		}
	}

	private TopUpResult repeated(TopUpRequest request, Instant at, BookedTopUp booked) {
		if (booked.userId() == request.userId() && booked.amount().compareTo(request.amount()) == 0) {
			long auditId = this.ledger.audit(entry(request, at, TopUpOutcome.ALREADY_TOPPED_UP, booked.flowId(),
					"reference " + request.reference() + " was credited before as flow " + booked.flowId()));
			return new TopUpResult(TopUpOutcome.ALREADY_TOPPED_UP, request.userId(), request.reference(),
					request.amount(), booked.flowId(), null, "already credited as flow " + booked.flowId(), auditId);
		}
		return refused(request, at, TopUpOutcome.REFERENCE_TAKEN,
				"reference " + request.reference() + " credited " + booked.amount().toPlainString() + " to user "
						+ booked.userId() + " (flow " + booked.flowId() + "): use a new reference");
	}

	private TopUpResult refused(TopUpRequest request, Instant at, TopUpOutcome outcome, String detail) {
		long auditId = this.ledger.audit(entry(request, at, outcome, null, detail));
		log.info("Top-up request by {} for user {} ({}): {} ({})", request.operator(), request.userId(),
				request.reference(), outcome, detail);
		return new TopUpResult(outcome, request.userId(), request.reference(), request.amount(), null, null, detail,
				auditId);
	}

	private static TopUpAuditEntry entry(TopUpRequest request, Instant at, TopUpOutcome outcome, Long flowId,
			String detail) {
		return new TopUpAuditEntry(at, request.operator(), request.userId(), request.reference(), request.amount(),
				request.currency(), request.reason(), outcome, flowId, detail);
	}

}
