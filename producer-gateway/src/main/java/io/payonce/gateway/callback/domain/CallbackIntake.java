package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Records a validated callback exactly once. Invariants:
 * <ul>
 * <li>A payment row and its outbox event are written in one transaction, or neither is.</li>
 * <li>One payment (one orderNo, one payNo) gets at most one event, whatever the number of callbacks.</li>
 * <li>Nothing is written for a conflicting callback.</li>
 * </ul>
 * The unique keys on payNo and orderNo are what makes this hold under concurrency, so the intake asks them
 * first: a callback is inserted straight away, and only when a key is taken does it read what holds the key.
 * A new payment (the common case) thus costs no read. A taken key undoes that one insert, not the transaction,
 * and is reported only after the holder committed, so the read that follows, in the same transaction, sees the
 * holder's row and answers DUPLICATE or CONFLICT from it. Whatever else loses a race (the promotion's CAS, a
 * deadlock) rolls the transaction back and is decided again in a fresh one.
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

	private IntakeOutcome decide(PaymentCallback callback) {
		UUID newEventId = callback.isSuccess() ? this.eventIds.get() : null;
		if (this.payments.insertIfNew(callback, newEventId, this.clock.instant())) {
			publish(newEventId, callback);
			return IntakeOutcome.accepted(newEventId);
		}
		List<StoredPayment> existing = this.payments.findByOrderNoOrPayNo(callback.orderNo(), callback.payNo());
		if (existing.isEmpty()) {
			// A key was taken but its holder is not visible: never guess, decide again in a fresh transaction.
			throw new ConcurrentWriteException("Payment " + callback.orderNo() + " is held by an unreadable row", null);
		}
		if (existing.size() > 1) {
			// orderNo belongs to one payment, payNo to another: whatever this is, it is not either of them.
			Set<String> fields = new LinkedHashSet<>();
			existing.forEach((stored) -> fields.addAll(stored.differencesTo(callback)));
			return IntakeOutcome.conflict(new ArrayList<>(fields));
		}
		StoredPayment stored = existing.get(0);
		List<String> differences = stored.differencesTo(callback);
		if (differences.isEmpty()) {
			this.payments.countDuplicate(stored.id(), this.clock.instant());
			return IntakeOutcome.duplicate(stored.eventId());
		}
		if (differences.equals(List.of("status")) && callback.isSuccess() && stored.eventId() == null) {
			// The platform reported an intermediate status first and SUCCESS now: this is the payment's
			// first and only event. CAS on the old status so that two racing SUCCESS callbacks promote once.
			if (!this.payments.promoteToSuccess(stored.id(), stored.status(), newEventId)) {
				throw new ConcurrentWriteException("Payment " + stored.orderNo() + " changed meanwhile", null);
			}
			publish(newEventId, callback);
			return IntakeOutcome.accepted(newEventId);
		}
		// Different user, amount, currency or number, or a status that goes back from SUCCESS: never
		// overwritten, never a second event.
		return IntakeOutcome.conflict(differences);
	}

	private void publish(UUID eventId, PaymentCallback callback) {
		if (eventId != null) {
			this.outbox.append(OutboxEvent.of(eventId, callback.toEvent()));
		}
	}

}
