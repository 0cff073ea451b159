package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
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
 * The unique keys on payNo and orderNo are what makes this hold under concurrency: the first read is only an
 * optimisation. When two callbacks race, the loser's insert fails on the key, its transaction is rolled
 * back, and it decides again in a fresh transaction, where it reads the winner's committed row and answers
 * DUPLICATE or CONFLICT from it.
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

	public Optional<StoredPayment> lookup(String orderNo) {
		return this.transactions.inTransaction(() -> this.payments.findByOrderNo(orderNo));
	}

	private IntakeOutcome decide(PaymentCallback callback) {
		List<StoredPayment> existing = this.payments.findByOrderNoOrPayNo(callback.orderNo(), callback.payNo());
		if (existing.isEmpty()) {
			UUID eventId = callback.isSuccess() ? this.eventIds.get() : null;
			this.payments.insert(callback, eventId, this.clock.instant());
			publish(eventId, callback);
			return IntakeOutcome.accepted(eventId);
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
			UUID eventId = this.eventIds.get();
			if (!this.payments.promoteToSuccess(stored.id(), stored.status(), eventId)) {
				throw new ConcurrentWriteException("Payment " + stored.orderNo() + " changed meanwhile", null);
			}
			publish(eventId, callback);
			return IntakeOutcome.accepted(eventId);
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
