package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import io.payonce.contract.PayonceEvent;

/**
 * Records a validated callback exactly once. Invariants:
 * <ul>
 * <li>A payment row and its outbox event are written in one transaction, or neither is.</li>
 * <li>One row per payNo, and one event per payNo, whatever the number of callbacks.</li>
 * <li>One order has one payment that holds it (PRIMARY), and only its SUCCESS publishes a {@code PaySuccess}.
 * Another payNo's SUCCESS for an order whose payment succeeded is a second charge of the user: recorded in its
 * own row (DUPLICATE) with one {@code DuplicatePayment} to {@code pay.refund-required}, never a second
 * {@code PaySuccess} and never a 409 that leaves it nowhere.</li>
 * <li>Nothing is written for a conflicting callback (same payNo, other content).</li>
 * </ul>
 * The unique keys ({@code uk_pay_no}, {@code uk_primary_order_no}) are what makes this hold under concurrency, so
 * the intake asks them first: a callback is inserted straight away as its order's PRIMARY, and only when a key
 * is taken does it read what holds the key. A new payment (the common case) thus costs no read. A taken key
 * undoes that one insert, not the transaction, and is reported only after the holder committed, so the read
 * that follows, in the same transaction, sees the holder's row and decides from it. Whatever else loses a race
 * (a CAS, the insert of a second payment's row, a deadlock) rolls the transaction back and is decided again in a
 * fresh one.
 * <p>
 * Which payNo holds an order: the first one seen, until one reaches SUCCESS. If the holder never succeeded
 * (CLOSED, PROCESSING, …) and another payNo reports SUCCESS, that one pays the order and the holder yields it
 * (becomes a DUPLICATE; should it succeed later, it is the money owed back). Other statuses of a second payNo
 * are recorded (ACCEPTED) and publish nothing until its SUCCESS, as for the order's own payment.
 */
public final class CallbackIntake {

	/** A race is lost at most once per competing writer; three rounds cover a racing promotion too. */
	static final int MAX_ATTEMPTS = 3;

	private final PaymentStore payments;

	private final OutboxWriter outbox;

	private final Transactions transactions;

	private final Clock clock;

	private final Supplier<UUID> eventIds;

	public CallbackIntake(PaymentStore payments, OutboxWriter outbox, Transactions transactions, Clock clock,
			Supplier<UUID> eventIds) {
		this.payments = payments;
		this.outbox = outbox;
		this.transactions = transactions;
		this.clock = clock;
		this.eventIds = eventIds;
	}

	/**
	 * @throws StoreUnavailableException when the database is down or the race could not be settled
	 */
	public IntakeOutcome receive(PaymentCallback callback) {
		ConcurrentWriteException lastRace = null;
		for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
			try {
				return this.transactions.inTransaction(() -> decide(callback));
			}
			catch (ConcurrentWriteException race) {
				lastRace = race; // rolled back; decide again on what the winner committed
			}
		}
		throw new StoreUnavailableException("Payment still contended after " + MAX_ATTEMPTS + " attempts", lastRace);
	}

	/** The payment that holds the order. */
	public Optional<StoredPayment> lookup(String orderNo) {
		return this.transactions.inTransaction(() -> this.payments.findByOrderNo(orderNo));
	}

	private IntakeOutcome decide(PaymentCallback callback) {
		UUID newEventId = callback.isSuccess() ? this.eventIds.get() : null;
		if (this.payments.insertIfNew(callback, PaymentKind.PRIMARY, newEventId, this.clock.instant())) {
			publish(newEventId, callback.toEvent());
			return IntakeOutcome.accepted(newEventId);
		}
		List<StoredPayment> existing = this.payments.findByOrderNoOrPayNo(callback.orderNo(), callback.payNo());
		Optional<StoredPayment> same = existing.stream().filter((p) -> p.payNo().equals(callback.payNo())).findFirst();
		Optional<StoredPayment> holder = existing.stream()
			.filter((p) -> p.orderNo().equals(callback.orderNo()) && p.kind() == PaymentKind.PRIMARY
					&& !p.payNo().equals(callback.payNo()))
			.findFirst();
		if (same.isPresent()) {
			return samePayNo(callback, same.get(), holder, newEventId);
		}
		if (holder.isPresent()) {
			return anotherPayNo(callback, holder.get(), newEventId);
		}
		// A key was taken but its holder is not visible: never guess, decide again in a fresh transaction.
		throw new ConcurrentWriteException("Payment " + callback.orderNo() + " is held by an unreadable row", null);
	}

	/**
	 * The payNo has its row already.
	 * @param holder the order's PRIMARY when that is another payNo's row
	 */
	private IntakeOutcome samePayNo(PaymentCallback callback, StoredPayment stored, Optional<StoredPayment> holder,
			UUID newEventId) {
		List<String> differences = stored.differencesTo(callback);
		if (differences.isEmpty()) {
			this.payments.countDuplicate(stored.id(), this.clock.instant());
			if (stored.kind() == PaymentKind.DUPLICATE && stored.succeeded()) {
				return IntakeOutcome.duplicatePayment(stored.eventId(), false, holder.map(StoredPayment::payNo).orElse(null));
			}
			return IntakeOutcome.duplicate(stored.eventId());
		}
		if (differences.equals(List.of("status")) && callback.isSuccess() && !stored.succeeded()) {
			// The platform reported an intermediate status first and SUCCESS now: this is the payment's first and
			// only event. Every CAS is on what was read, so two racing SUCCESS callbacks promote once.
			if (stored.kind() == PaymentKind.PRIMARY || holder.isEmpty()) {
				promote(stored, PaymentKind.PRIMARY, newEventId);
				publish(newEventId, callback.toEvent());
				return IntakeOutcome.accepted(newEventId);
			}
			return secondPaymentSucceeded(callback, holder.get(), newEventId,
					() -> promote(stored, PaymentKind.DUPLICATE, newEventId),
					() -> promote(stored, PaymentKind.PRIMARY, newEventId));
		}
		// Different order, user, amount or currency, or a status that goes back from SUCCESS: never
		// overwritten, never a second event.
		return IntakeOutcome.conflict(differences);
	}

	/** A payNo not seen before, for an order that another payNo holds. */
	private IntakeOutcome anotherPayNo(PaymentCallback callback, StoredPayment holder, UUID newEventId) {
		if (!callback.isSuccess()) {
			// Not money yet: recorded in its own row, nothing published until it reports SUCCESS.
			insert(callback, PaymentKind.DUPLICATE, null);
			return IntakeOutcome.accepted(null);
		}
		return secondPaymentSucceeded(callback, holder, newEventId,
				() -> insert(callback, PaymentKind.DUPLICATE, newEventId),
				() -> insert(callback, PaymentKind.PRIMARY, newEventId));
	}

	/**
	 * A payNo other than the holder's reports SUCCESS. If the holder succeeded, this is a second charge: recorded
	 * as a DUPLICATE with its {@code DuplicatePayment}. If it never did, this payment pays the order: the holder
	 * yields (CAS) and this one becomes the PRIMARY with the order's {@code PaySuccess}.
	 */
	private IntakeOutcome secondPaymentSucceeded(PaymentCallback callback, StoredPayment holder, UUID newEventId,
			Runnable recordAsDuplicate, Runnable recordAsPrimary) {
		if (holder.succeeded()) {
			recordAsDuplicate.run();
			publish(newEventId, callback.toDuplicateOf(holder.payNo()));
			return IntakeOutcome.duplicatePayment(newEventId, true, holder.payNo());
		}
		if (!this.payments.yieldOrder(holder.id())) {
			throw new ConcurrentWriteException("Payment " + holder.payNo() + " changed meanwhile", null);
		}
		recordAsPrimary.run();
		publish(newEventId, callback.toEvent());
		return IntakeOutcome.accepted(newEventId);
	}

	private void insert(PaymentCallback callback, PaymentKind kind, UUID eventId) {
		if (!this.payments.insertIfNew(callback, kind, eventId, this.clock.instant())) {
			// Its payNo (or, as PRIMARY, its order) was taken by a parallel callback: decide again on the winner.
			throw new ConcurrentWriteException("Payment " + callback.payNo() + " was recorded meanwhile", null);
		}
	}

	private void promote(StoredPayment stored, PaymentKind to, UUID eventId) {
		if (!this.payments.promoteToSuccess(stored.id(), stored.kind(), stored.status(), to, eventId)) {
			throw new ConcurrentWriteException("Payment " + stored.payNo() + " changed meanwhile", null);
		}
	}

	private void publish(UUID eventId, PayonceEvent event) {
		if (eventId != null) {
			this.outbox.append(OutboxEvent.of(eventId, event));
		}
	}

}
