package io.payonce.consumer.deduct.domain;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deduction of {@link PaySuccess} deliveries through the three guards, in the order of the incident's
 * "ack after the result" diagram: claim → database transaction → mark done or release → outcome. The caller
 * acknowledges the records only after this returns, and routes each as its {@link Decision#outcome()} says.
 * A poll of records goes through together ({@link #handleAll}): the guard's work is pipelined and the
 * database commits once, which is what makes the guarded consumer cheaper per record than the naive one.
 * <p>
 * An exception out of {@link #handle} or {@link #handleAll} means "no answer" (Redis down under CLOSED,
 * database down): nothing was committed, the own claims were released, and the deliveries must be retried in
 * place without a commit.
 */
public final class DeductionProcess {

	private static final Logger log = LoggerFactory.getLogger(DeductionProcess.class);

	private final IdempotencyGuard guard;

	private final Ledger ledger;

	private final RedisFailurePolicy failurePolicy;

	private final Clock clock;

	public DeductionProcess(IdempotencyGuard guard, Ledger ledger, RedisFailurePolicy failurePolicy, Clock clock) {
		this.guard = Objects.requireNonNull(guard, "guard");
		this.ledger = Objects.requireNonNull(ledger, "ledger");
		this.failurePolicy = Objects.requireNonNull(failurePolicy, "failurePolicy");
		this.clock = Objects.requireNonNull(clock, "clock");
	}

	public Decision handle(PaySuccess payment) {
		return handleAll(List.of(payment)).get(0);
	}

	/**
	 * The deductions of a whole poll: one guard round trip for the claims, one database transaction for the
	 * payments Redis did not settle, one guard round trip for the completions. The decisions come back in the
	 * order of {@code payments}. An exception means no answer for any of them: nothing was committed, the
	 * own claims were released, and the whole poll must be retried in place.
	 */
	public List<Decision> handleAll(List<PaySuccess> payments) {
		return handleAll(payments, Collections.nCopies(payments.size(), TraceContext.NONE));
	}

	/**
	 * As {@link #handleAll(List)}, each payment in its delivery's trace ({@code traces}, in the order of
	 * {@code payments}): the lines about a payment carry its trace and span ids, and its {@code PayDeducted} is
	 * written with that context.
	 */
	public List<Decision> handleAll(List<PaySuccess> payments, List<TraceContext> traces) {
		List<String> fingerprints = payments.stream().map(PaySuccess::fingerprint).toList();
		List<Claim> claims = claimAll(payments, fingerprints);
		Decision[] decisions = new Decision[payments.size()];
		List<Integer> toDatabase = new ArrayList<>();
		for (int i = 0; i < payments.size(); i++) {
			PaySuccess payment = payments.get(i);
			Claim claim = claims.get(i);
			if (claim.outcome() == ClaimOutcome.DONE_SAME_PAYMENT) {
				// The common case of a redelivery storm: settled here, and the line about it is at debug level, so
				// the delivery's logging context is only entered when that line is written.
				decisions[i] = Decision.duplicate(DuplicateLayer.REDIS, false);
				if (log.isDebugEnabled()) {
					try (DeliveryLogContext delivery = DeliveryLogContext.enter(traces.get(i))) {
						log.debug("DUPLICATE orderNo={} layer=redis: the guard is DONE with the same fingerprint",
								payment.orderNo());
					}
				}
				continue;
			}
			try (DeliveryLogContext delivery = DeliveryLogContext.enter(traces.get(i))) {
				switch (claim.outcome()) {
					case DONE_SAME_PAYMENT -> throw new IllegalStateException("decided above");
					case DONE_OTHER_FINGERPRINT -> {
						// Another payNo (a second platform payment, owed back) or the same payNo with other content (a
						// conflict): only the database can tell, and it must, whatever Redis holds or has forgotten.
						log.info("orderNo={} is DONE for another payment content; the database decides", payment.orderNo());
						toDatabase.add(i);
					}
					case HELD_BY_OTHER -> {
						// A PROCESSING entry may belong to a dead consumer: Redis alone never acknowledges it.
						log.info("orderNo={} is PROCESSING by another owner ({}); the database guards decide",
								payment.orderNo(), claim.observed().orElse("?"));
						toDatabase.add(i);
					}
					case ACQUIRED, SKIPPED -> toDatabase.add(i);
				}
			}
		}
		if (!toDatabase.isEmpty()) {
			settleInDatabase(payments, traces, fingerprints, claims, toDatabase, decisions);
		}
		// One line per poll, not per delivery (a redelivery storm must not flood the log), but naming every order:
		// a replay of an already paid order ends here, and the operator greps the log for that order.
		List<String> redisDuplicates = new ArrayList<>();
		for (int i = 0; i < decisions.length; i++) {
			if (decisions[i].layer().filter(DuplicateLayer.REDIS::equals).isPresent()) {
				redisDuplicates.add(payments.get(i).orderNo());
			}
		}
		if (!redisDuplicates.isEmpty()) {
			log.info("DUPLICATE layer=redis: {} of {} deliveries already paid (DONE, same fingerprint), nothing deducted:"
					+ " orderNo {}", redisDuplicates.size(), payments.size(), String.join(",", redisDuplicates));
		}
		return List.of(decisions);
	}

	private void settleInDatabase(List<PaySuccess> payments, List<TraceContext> traces, List<String> fingerprints,
			List<Claim> claims, List<Integer> toDatabase, Decision[] decisions) {
		List<PaySuccess> asked = toDatabase.stream().map(payments::get).toList();
		List<TraceContext> askedTraces = toDatabase.stream().map(traces::get).toList();
		List<LedgerResult> results;
		try {
			results = this.ledger.deductAll(asked, askedTraces, this.clock.instant());
		}
		catch (RuntimeException ex) {
			// No answer from the database: free the keys so the retry in place is not blocked by our own leases.
			complete(toDatabase.stream()
				.map((i) -> new Completion(claims.get(i), fingerprints.get(i), false))
				.filter((completion) -> completion.claim().outcome() == ClaimOutcome.ACQUIRED)
				.toList());
			throw ex;
		}
		List<Completion> completions = new ArrayList<>();
		for (int k = 0; k < toDatabase.size(); k++) {
			int i = toDatabase.get(k);
			Claim claim = claims.get(i);
			boolean degraded = claim.outcome() == ClaimOutcome.SKIPPED;
			LedgerResult result = results.get(k);
			try (DeliveryLogContext delivery = DeliveryLogContext.enter(traces.get(i))) {
				decisions[i] = conclude(payments.get(i), result, degraded);
			}
			// DONE after a settled answer (the own claim, or the exact entry seen after a takeover), release the own
			// claim otherwise. A DONE entry of another payment is never overwritten: it still answers that
			// payment's duplicates, and this payment's redeliveries go to the database again (a second payment
			// is not settled, so it must never be stopped at Redis as a duplicate).
			boolean done = result.settled();
			boolean takeover = claim.outcome() == ClaimOutcome.HELD_BY_OTHER;
			if (claim.outcome() == ClaimOutcome.ACQUIRED || (done && takeover)) {
				completions.add(new Completion(claim, fingerprints.get(i), done));
			}
		}
		complete(completions);
	}

	private List<Claim> claimAll(List<PaySuccess> payments, List<String> fingerprints) {
		List<ClaimRequest> requests = new ArrayList<>(payments.size());
		for (int i = 0; i < payments.size(); i++) {
			requests.add(new ClaimRequest(payments.get(i).orderNo(), fingerprints.get(i)));
		}
		try {
			return this.guard.claimAll(requests);
		}
		catch (GuardUnavailableException ex) {
			if (this.failurePolicy == RedisFailurePolicy.CLOSED) {
				// Fail closed: nothing touches the database, nothing is committed, the partition retries.
				log.warn("Redis unavailable, policy CLOSED: {} deliveries wait in Kafka ({})", payments.size(),
						ex.getMessage());
				throw ex;
			}
			log.warn("DEGRADED: Redis unavailable ({}), policy OPEN, {} deliveries rely on the database guards",
					ex.getMessage(), payments.size());
			return payments.stream().map((payment) -> Claim.skipped(payment.orderNo())).toList();
		}
	}

	private Decision conclude(PaySuccess payment, LedgerResult result, boolean degraded) {
		switch (result.kind()) {
			case DEDUCTED:
				log.info("FIRST orderNo={}: deducted {} {} from user {}{}", payment.orderNo(), payment.amount(),
						payment.currency(), payment.userId(), degraded ? " (DEGRADED, without Redis)" : "");
				return Decision.first(degraded, result.deduction());
			case ALREADY_PAID:
				log.info("DUPLICATE orderNo={} layer=state: order already PAID by payNo {}, nothing deducted", payment.orderNo(),
						payment.payNo());
				return Decision.duplicate(DuplicateLayer.STATE, degraded);
			case ALREADY_PAID_UNATTRIBUTED:
				log.warn("DUPLICATE orderNo={} payNo={} layer=state_unattributed: order PAID before payNos were"
						+ " recorded; taken for the same payment, the ledger cannot tell", payment.orderNo(),
						payment.payNo());
				return Decision.duplicate(DuplicateLayer.STATE_UNATTRIBUTED, degraded);
			case ALREADY_FLOWED:
				log.info("DUPLICATE orderNo={} layer=unique_index: flow exists, skipped", payment.orderNo());
				return Decision.duplicate(DuplicateLayer.UNIQUE_INDEX, degraded);
			case PAID_BY_OTHER_PAYMENT:
				String paidBy = result.paidBy().orElseThrow();
				log.error("DUPLICATE_PAYMENT orderNo={} payNo={}: order already paid by payNo {}; not deducted, {} {}"
						+ " owed back (pay.refund-required)", payment.orderNo(), payment.payNo(), paidBy,
						payment.amount(), payment.currency());
				return Decision.duplicatePayment(paidBy, degraded);
			case CONFLICT:
				log.error("CONFLICT orderNo={}: user, amount or currency differ from the order, not deducted",
						payment.orderNo());
				return Decision.failed(FailureReason.CONFLICT, "payment differs from the order", degraded);
			case ILLEGAL_STATE:
				log.warn("skipped orderNo={}: order state does not allow PAID", payment.orderNo());
				return Decision.failed(FailureReason.ILLEGAL_STATE, "order state does not allow PAID", degraded);
			case ORDER_NOT_FOUND:
				log.warn("skipped orderNo={}: order not found (yet), to the retry topic", payment.orderNo());
				return Decision.failed(FailureReason.ORDER_NOT_FOUND, "order not found", degraded);
			case ACCOUNT_NOT_FOUND:
				log.warn("skipped orderNo={}: user {} has no account (yet), rolled back, to the retry topic",
						payment.orderNo(), payment.userId());
				return Decision.failed(FailureReason.ACCOUNT_NOT_FOUND, "account not found", degraded);
			case ACCOUNT_FROZEN:
				log.warn("skipped orderNo={}: deductions of user {} are frozen, rolled back, to the retry topic",
						payment.orderNo(), payment.userId());
				return Decision.failed(FailureReason.ACCOUNT_FROZEN, "account frozen", degraded);
			case CURRENCY_MISMATCH:
				log.error("skipped orderNo={}: account of user {} is not in {}, rolled back, never debited",
						payment.orderNo(), payment.userId(), payment.currency());
				return Decision.failed(FailureReason.CURRENCY_MISMATCH,
						"account currency is not " + payment.currency(), degraded);
			case INSUFFICIENT_BALANCE:
				log.warn("skipped orderNo={}: balance of user {} below {}, rolled back, to the retry topic",
						payment.orderNo(), payment.userId(), payment.amount());
				return Decision.failed(FailureReason.INSUFFICIENT_BALANCE, "insufficient balance", degraded);
			default:
				throw new IllegalStateException("Unhandled ledger result " + result);
		}
	}

	/**
	 * The database has answered; Redis failing here only costs a slower next duplicate (a DONE not written)
	 * or a lease that runs out (a claim not released).
	 */
	private void complete(List<Completion> completions) {
		if (completions.isEmpty()) {
			return;
		}
		List<Boolean> applied;
		try {
			applied = this.guard.completeAll(completions);
		}
		catch (GuardUnavailableException ex) {
			log.warn("{} guard entries not completed, Redis unavailable ({}); their leases will expire",
					completions.size(), ex.getMessage());
			return;
		}
		for (int i = 0; i < completions.size(); i++) {
			Completion completion = completions.get(i);
			if (!applied.get(i)) {
				log.info("guard orderNo={} not {}: the key now belongs to another claim", completion.claim().orderNo(),
						completion.done() ? "marked DONE" : "released");
			}
		}
	}

}
