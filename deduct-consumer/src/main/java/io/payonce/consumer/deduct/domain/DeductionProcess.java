package io.payonce.consumer.deduct.domain;

import java.time.Clock;
import java.util.Objects;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deduction of one {@link PaySuccess} delivery through the three guards, in the order of the incident's
 * "ack after the result" diagram: claim → database transaction → mark done or release → outcome. The caller
 * acknowledges the record only after this returns, and routes it as {@link Decision#outcome()} says.
 * <p>
 * An exception out of {@link #handle} means "no answer" (Redis down under CLOSED, database down): nothing
 * was committed, the own claim was released, and the delivery must be retried in place without a commit.
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
		String fingerprint = payment.fingerprint();
		Claim claim = claim(payment, fingerprint);
		boolean degraded = claim.outcome() == ClaimOutcome.SKIPPED;

		if (claim.outcome() == ClaimOutcome.DONE_SAME_PAYMENT) {
			log.info("DUPLICATE orderNo={} layer=redis: the guard is DONE with the same fingerprint, skipped",
					payment.orderNo());
			return Decision.duplicate(DuplicateLayer.REDIS, false);
		}
		if (claim.outcome() == ClaimOutcome.DONE_OTHER_PAYMENT) {
			log.error("CONFLICT orderNo={}: the guard is DONE for another payment content, not deducted",
					payment.orderNo());
			return Decision.failed(FailureReason.CONFLICT, "orderNo already paid with another fingerprint", false);
		}
		if (claim.outcome() == ClaimOutcome.HELD_BY_OTHER) {
			// A PROCESSING entry may belong to a dead consumer: Redis alone never acknowledges it.
			log.info("orderNo={} is PROCESSING by another owner ({}); the database guards decide",
					payment.orderNo(), claim.observed().orElse("?"));
		}

		LedgerResult result;
		try {
			result = this.ledger.deduct(payment, this.clock.instant());
		}
		catch (RuntimeException ex) {
			// No answer from the database: free the key so the retry in place is not blocked by our own lease.
			releaseQuietly(claim);
			throw ex;
		}
		return conclude(payment, fingerprint, claim, result, degraded);
	}

	private Claim claim(PaySuccess payment, String fingerprint) {
		try {
			return this.guard.claim(payment.orderNo(), fingerprint);
		}
		catch (GuardUnavailableException ex) {
			if (this.failurePolicy == RedisFailurePolicy.CLOSED) {
				// Fail closed: nothing touches the database, nothing is committed, the partition retries.
				log.warn("Redis unavailable, policy CLOSED: orderNo={} waits in Kafka ({})", payment.orderNo(),
						ex.getMessage());
				throw ex;
			}
			log.warn("DEGRADED orderNo={}: Redis unavailable ({}), policy OPEN, relying on the database guards",
					payment.orderNo(), ex.getMessage());
			return Claim.skipped(payment.orderNo());
		}
	}

	private Decision conclude(PaySuccess payment, String fingerprint, Claim claim, LedgerResult result,
			boolean degraded) {
		switch (result) {
			case DEDUCTED:
				markDoneQuietly(claim, fingerprint);
				log.info("FIRST orderNo={}: deducted {} {} from user {}", payment.orderNo(), payment.amount(),
						payment.currency(), payment.userId());
				return Decision.first(degraded);
			case ALREADY_PAID:
				markDoneQuietly(claim, fingerprint);
				log.info("DUPLICATE orderNo={} layer=state: order already PAID, skipped", payment.orderNo());
				return Decision.duplicate(DuplicateLayer.STATE, degraded);
			case ALREADY_FLOWED:
				markDoneQuietly(claim, fingerprint);
				log.info("DUPLICATE orderNo={} layer=unique_index: flow exists, skipped", payment.orderNo());
				return Decision.duplicate(DuplicateLayer.UNIQUE_INDEX, degraded);
			case CONFLICT:
				releaseQuietly(claim);
				log.error("CONFLICT orderNo={}: user, amount or currency differ from the order, not deducted",
						payment.orderNo());
				return Decision.failed(FailureReason.CONFLICT, "payment differs from the order", degraded);
			case ILLEGAL_STATE:
				releaseQuietly(claim);
				log.warn("skipped orderNo={}: order state does not allow PAID", payment.orderNo());
				return Decision.failed(FailureReason.ILLEGAL_STATE, "order state does not allow PAID", degraded);
			case ORDER_NOT_FOUND:
				releaseQuietly(claim);
				log.warn("skipped orderNo={}: order not found (yet), to the retry topic", payment.orderNo());
				return Decision.failed(FailureReason.ORDER_NOT_FOUND, "order not found", degraded);
			case INSUFFICIENT_BALANCE:
				releaseQuietly(claim);
				log.warn("skipped orderNo={}: balance of user {} below {}, rolled back, to the retry topic",
						payment.orderNo(), payment.userId(), payment.amount());
				return Decision.failed(FailureReason.INSUFFICIENT_BALANCE, "insufficient balance", degraded);
			default:
				throw new IllegalStateException("Unhandled ledger result " + result);
		}
	}

	/** The database has committed; a Redis failure here only costs a slower next duplicate. */
	private void markDoneQuietly(Claim claim, String fingerprint) {
		if (claim.outcome() == ClaimOutcome.SKIPPED) {
			return;
		}
		try {
			boolean done = this.guard.markDone(claim, fingerprint);
			if (!done) {
				log.info("guard orderNo={} not marked DONE: the key now belongs to another claim", claim.orderNo());
			}
		}
		catch (GuardUnavailableException ex) {
			log.warn("guard orderNo={} not marked DONE, Redis unavailable ({}); the lease will expire",
					claim.orderNo(), ex.getMessage());
		}
	}

	private void releaseQuietly(Claim claim) {
		if (claim.outcome() != ClaimOutcome.ACQUIRED) {
			return;
		}
		try {
			ReleaseResult released = this.guard.release(claim);
			log.info("release orderNo={} result={}", claim.orderNo(), released);
		}
		catch (GuardUnavailableException ex) {
			log.warn("release orderNo={} result=FAILED, Redis unavailable ({}); the lease will expire",
					claim.orderNo(), ex.getMessage());
		}
	}

}
