package io.payonce.gateway.callback.domain;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

import io.payonce.contract.PayonceEvent;
import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.domain.IntakeOutcome.Rule;
import io.payonce.gateway.callback.domain.PaymentStore.NewPayment;

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
 * that follows, in the same transaction, sees the holder's row and decides from it. A payNo new to an order
 * another payNo holds is then written in a second, short transaction (see {@link #receive}). Whatever else loses
 * a race (a CAS, a deadlock) rolls the transaction back and is decided again in a fresh one.
 * <p>
 * Which payNo holds an order: the first one seen, until one reaches SUCCESS. If the holder never succeeded
 * (CLOSED, PROCESSING, …) and another payNo reports SUCCESS, that one pays the order and the holder yields it
 * (becomes a DUPLICATE; should it succeed later, it is the money owed back). Other statuses of a second payNo
 * are recorded (ACCEPTED) and publish nothing until its SUCCESS, as for the order's own payment.
 * <p>
 * <b>Group commit</b> (when built with {@link GroupCommit.Settings}): concurrent callbacks are decided together in
 * one transaction by {@link GroupCommit}, one commit for many payments, each caller answered after that commit. The
 * batch decides only the common case, a new payment, exactly as the single path's first insert does (see
 * {@link #decideTogether}); every other callback is decided after the commit on the single path, which is the one
 * described above. Without the settings every callback is its own transaction, as before.
 */
public final class CallbackIntake implements AutoCloseable {

	/** A race is lost at most once per competing writer; three rounds cover a racing promotion too. */
	static final int MAX_ATTEMPTS = 3;

	private final PaymentStore payments;

	private final OutboxWriter outbox;

	private final Transactions transactions;

	private final Clock clock;

	private final Supplier<UUID> eventIds;

	/** {@code null}: every callback is its own transaction. */
	private final GroupCommit groupCommit;

	/** Every callback its own transaction. */
	public CallbackIntake(PaymentStore payments, OutboxWriter outbox, Transactions transactions, Clock clock,
			Supplier<UUID> eventIds) {
		this(payments, outbox, transactions, clock, eventIds, null, null, null);
	}

	/**
	 * Concurrent callbacks share a transaction ({@link GroupCommit}).
	 * @param groupCommit {@code null}: every callback its own transaction
	 * @param writers makes the batch writers' threads (started at the first callback)
	 * @param observer told what became of each batch
	 */
	public CallbackIntake(PaymentStore payments, OutboxWriter outbox, Transactions transactions, Clock clock,
			Supplier<UUID> eventIds, GroupCommit.Settings groupCommit, ThreadFactory writers,
			GroupCommit.Observer observer) {
		this.payments = payments;
		this.outbox = outbox;
		this.transactions = transactions;
		this.clock = clock;
		this.eventIds = eventIds;
		this.groupCommit = (groupCommit != null) ? new GroupCommit(groupCommit, new BatchDecisions(), writers, observer)
				: null;
	}

	/** A callback without trace context: its event starts a new trace downstream. */
	public IntakeOutcome receive(PaymentCallback callback) {
		return receive(callback, TraceContext.NONE);
	}

	/**
	 * A callback of the platform.
	 * @param trace the callback's span, stored with the event it publishes (if any) in the payment's transaction
	 * @throws StoreUnavailableException when the database is down or the race could not be settled
	 */
	public IntakeOutcome receive(PaymentCallback callback, TraceContext trace) {
		return receive(callback, PaymentSource.CALLBACK, trace);
	}

	/**
	 * A payment from {@code source} without trace context (active query, statement repair): see
	 * {@link #receive(PaymentCallback, PaymentSource, TraceContext)}.
	 */
	public IntakeOutcome receive(PaymentCallback callback, PaymentSource source) {
		return receive(callback, source, TraceContext.NONE);
	}

	/**
	 * A payment from {@code source}: the same decisions as for a callback; a row this call inserts records its
	 * source, a payment already recorded keeps the one it has (a late callback of a payment found by query is a
	 * {@code DUPLICATE}, and the other way round).
	 * @param trace the span stored with the event it publishes (if any) in the payment's transaction
	 * @throws StoreUnavailableException when the database is down or the race could not be settled
	 */
	public IntakeOutcome receive(PaymentCallback callback, PaymentSource source, TraceContext trace) {
		if (this.groupCommit != null) {
			return this.groupCommit.submit(new GroupCommit.Request(callback, source, trace));
		}
		return receiveAlone(callback, source, trace);
	}

	/** The single path: the callback in a transaction (or two, for another payNo of a held order) of its own. */
	private IntakeOutcome receiveAlone(PaymentCallback callback, PaymentSource source, TraceContext trace) {
		ConcurrentWriteException lastRace = null;
		for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
			try {
				Decision decision = this.transactions.inTransaction(() -> decide(callback, source, trace));
				if (decision.outcome() != null) {
					return decision.outcome();
				}
				// Another payNo holds the order, and this one has no row yet. Its row is written in a transaction of
				// its own: the one whose insert was refused the order's key still holds InnoDB's locks from that
				// refusal (a next-key lock on the key, gap locks inherited from the undone row) until it ends, and
				// parallel callbacks inserting their rows beside each other's such locks deadlock one another.
				return this.transactions
					.inTransaction(() -> recordAnotherPayNo(callback, source, trace, decision.holder()));
			}
			catch (ConcurrentWriteException race) {
				lastRace = race; // rolled back; decide again on what the winner committed
			}
		}
		throw new StoreUnavailableException("Payment still contended after " + MAX_ATTEMPTS + " attempts", lastRace);
	}

	/**
	 * A group commit's batch, in one transaction: {@link #decide}'s first step for every callback at once. Each callback
	 * that is the first of its payNo and of its order in the batch is inserted as its order's PRIMARY, all of them in
	 * one multi-row {@code INSERT}, and their events in one more; the ones inserted are new payments, answered as
	 * {@link #decide} answers them. Everything else is left ({@code null}) to the single path after the commit:
	 * <ul>
	 * <li>a callback whose key is taken: the single path reads the holder and decides (duplicate, conflict, status
	 * became SUCCESS, another payNo of the order, its second transaction), with every CAS and retry it has;</li>
	 * <li>a callback whose payNo or order an earlier one of the batch has: after the commit it finds the earlier one's
	 * row, so two callbacks of one payment that met in a batch are answered as they are one after the other.</li>
	 * </ul>
	 * Why a multi-row insert, and a fallback: a taken key undoes the whole statement (InnoDB's statement-level
	 * rollback, the transaction goes on), so the batch then inserts each row by itself, as the single path does, and a
	 * refused one is left to the single path. Taken keys are rare on the callback path (a platform repeats a callback
	 * after our answer, not within milliseconds of it), so the common batch costs two inserts (and one delete of the
	 * events with immediate clean-up) and one commit.
	 * {@code INSERT IGNORE} was not taken: it turns every error of the row into a warning (strict mode's refusals of a
	 * value too), which the payment would then be missing silently.
	 */
	private List<IntakeOutcome> decideTogether(List<GroupCommit.Request> batch) {
		return this.transactions.inTransaction(() -> {
			Instant now = this.clock.instant();
			Set<String> payNos = new HashSet<>();
			Set<String> orderNos = new HashSet<>();
			List<Integer> positions = new ArrayList<>();
			List<NewPayment> rows = new ArrayList<>();
			for (int i = 0; i < batch.size(); i++) {
				GroupCommit.Request request = batch.get(i);
				PaymentCallback callback = request.callback();
				// both keys are remembered even when one was seen: a later callback of either waits for the single path
				boolean newPayNo = payNos.add(callback.payNo());
				boolean newOrder = orderNos.add(callback.orderNo());
				if (newPayNo && newOrder) {
					positions.add(i);
					rows.add(new NewPayment(callback, PaymentKind.PRIMARY, request.source(), newEventId(callback), now));
				}
			}
			boolean allInserted = this.payments.insertAllIfNew(rows);
			IntakeOutcome[] outcomes = new IntakeOutcome[batch.size()];
			List<OutboxEvent> events = new ArrayList<>();
			for (int k = 0; k < rows.size(); k++) {
				NewPayment row = rows.get(k);
				if (allInserted || this.payments.insertIfNew(row.callback(), row.kind(), row.source(), row.eventId(),
						row.receivedAt())) {
					int i = positions.get(k);
					outcomes[i] = IntakeOutcome.accepted(row.eventId(), Rule.NEW_PAYMENT);
					if (row.eventId() != null) {
						events.add(OutboxEvent.of(row.eventId(), row.callback().toEvent(), batch.get(i).trace()));
					}
				}
			}
			this.outbox.appendAll(events);
			return Arrays.asList(outcomes);
		});
	}

	/**
	 * Stops the group commit's writers (after the batch they hold); callbacks still waiting take the single path.
	 */
	@Override
	public void close() {
		if (this.groupCommit != null) {
			this.groupCommit.close();
		}
	}

	private Decision decide(PaymentCallback callback, PaymentSource source, TraceContext trace) {
		UUID newEventId = newEventId(callback);
		if (this.payments.insertIfNew(callback, PaymentKind.PRIMARY, source, newEventId, this.clock.instant())) {
			return Decision.answer(paysTheOrder(callback, trace, newEventId, Rule.NEW_PAYMENT));
		}
		return fromRows(callback, trace, newEventId);
	}

	/**
	 * Reads what holds the callback's keys, right after a refused insert (so what holds them has committed): the
	 * payNo's own row decides; else the order's PRIMARY is another payNo's and this payNo is to be recorded.
	 */
	private Decision fromRows(PaymentCallback callback, TraceContext trace, UUID newEventId) {
		List<StoredPayment> existing = this.payments.findByOrderNoOrPayNo(callback.orderNo(), callback.payNo());
		Optional<StoredPayment> same = existing.stream().filter((p) -> p.payNo().equals(callback.payNo())).findFirst();
		Optional<StoredPayment> holder = existing.stream()
			.filter((p) -> p.orderNo().equals(callback.orderNo()) && p.kind() == PaymentKind.PRIMARY
					&& !p.payNo().equals(callback.payNo()))
			.findFirst();
		if (same.isPresent()) {
			return Decision.answer(samePayNo(callback, trace, same.get(), holder, newEventId));
		}
		if (holder.isPresent()) {
			return Decision.recordBeside(holder.get());
		}
		// A key was taken but its holder is not visible: never guess, decide again in a fresh transaction.
		throw new ConcurrentWriteException("Payment " + callback.orderNo() + " is held by an unreadable row", null);
	}

	/**
	 * The payNo has its row already.
	 * @param holder the order's PRIMARY when that is another payNo's row
	 */
	private IntakeOutcome samePayNo(PaymentCallback callback, TraceContext trace, StoredPayment stored,
			Optional<StoredPayment> holder, UUID newEventId) {
		List<String> differences = stored.differencesTo(callback);
		if (differences.isEmpty()) {
			this.payments.countDuplicate(stored.id(), this.clock.instant());
			if (stored.kind() == PaymentKind.DUPLICATE && stored.succeeded()) {
				return IntakeOutcome.duplicatePayment(stored.eventId(), false, holder.map(StoredPayment::payNo).orElse(null),
						Rule.SAME_PAYMENT);
			}
			return IntakeOutcome.duplicate(stored.eventId());
		}
		if (differences.equals(List.of("status")) && callback.isSuccess() && !stored.succeeded()) {
			// The platform reported an intermediate status first and SUCCESS now: this is the payment's first and
			// only event. Every CAS is on what was read, so two racing SUCCESS callbacks promote once.
			if (holder.isPresent() && holder.get().succeeded()) {
				promote(stored, PaymentKind.DUPLICATE, newEventId);
				return owedBack(callback, trace, holder.get(), newEventId, Rule.STATUS_BECAME_SUCCESS);
			}
			// This payNo holds the order, or takes it over from a holder that never succeeded.
			if (holder.isPresent()) {
				takeOver(holder.get());
			}
			promote(stored, PaymentKind.PRIMARY, newEventId);
			return paysTheOrder(callback, trace, newEventId, Rule.STATUS_BECAME_SUCCESS);
		}
		// Different order, user, amount or currency, or a status that goes back from SUCCESS: never
		// overwritten, never a second event.
		return IntakeOutcome.conflict(differences);
	}

	/**
	 * A payNo not seen before, for an order that {@code holder} holds (as read by the previous transaction: a holder
	 * that succeeded stays so, one that did not is checked again by the CAS of its yield).
	 */
	private IntakeOutcome recordAnotherPayNo(PaymentCallback callback, PaymentSource source, TraceContext trace,
			StoredPayment holder) {
		UUID newEventId = newEventId(callback);
		if (!callback.isSuccess() || holder.succeeded()) {
			// A second charge (or, before SUCCESS, not money yet: nothing published until it reports SUCCESS).
			if (!this.payments.insertIfNew(callback, PaymentKind.DUPLICATE, source, newEventId, this.clock.instant())) {
				return answerFromItsRow(callback, trace, newEventId);
			}
			return callback.isSuccess() ? owedBack(callback, trace, holder, newEventId, Rule.ORDER_HELD_BY_ANOTHER_PAYMENT)
					: IntakeOutcome.accepted(null, Rule.ORDER_HELD_BY_ANOTHER_PAYMENT);
		}
		takeOver(holder);
		insert(callback, PaymentKind.PRIMARY, source, newEventId);
		return paysTheOrder(callback, trace, newEventId, Rule.TOOK_OVER_ORDER);
	}

	/** The payNo was recorded by a parallel callback meanwhile (its insert was refused): answer from that row. */
	private IntakeOutcome answerFromItsRow(PaymentCallback callback, TraceContext trace, UUID newEventId) {
		Decision decision = fromRows(callback, trace, newEventId);
		if (decision.outcome() == null) {
			throw new ConcurrentWriteException("Payment " + callback.payNo() + " is held by an unreadable row", null);
		}
		return decision.outcome();
	}

	/** The order's payment: its one {@code PaySuccess}. */
	private IntakeOutcome paysTheOrder(PaymentCallback callback, TraceContext trace, UUID eventId, Rule rule) {
		publish(eventId, callback.toEvent(), trace);
		return IntakeOutcome.accepted(eventId, rule);
	}

	/** A second charge for an order {@code holder} paid: its one {@code DuplicatePayment}. */
	private IntakeOutcome owedBack(PaymentCallback callback, TraceContext trace, StoredPayment holder, UUID eventId,
			Rule rule) {
		publish(eventId, callback.toDuplicateOf(holder.payNo()), trace);
		return IntakeOutcome.duplicatePayment(eventId, true, holder.payNo(), rule);
	}

	/** The holder never succeeded and another payNo did: the holder yields the order (CAS). */
	private void takeOver(StoredPayment holder) {
		if (!this.payments.yieldOrder(holder.id())) {
			throw new ConcurrentWriteException("Payment " + holder.payNo() + " changed meanwhile", null);
		}
	}

	private void insert(PaymentCallback callback, PaymentKind kind, PaymentSource source, UUID eventId) {
		if (!this.payments.insertIfNew(callback, kind, source, eventId, this.clock.instant())) {
			// Its payNo (or, as PRIMARY, its order) was taken by a parallel callback: decide again on the winner.
			throw new ConcurrentWriteException("Payment " + callback.payNo() + " was recorded meanwhile", null);
		}
	}

	private void promote(StoredPayment stored, PaymentKind to, UUID eventId) {
		if (!this.payments.promoteToSuccess(stored.id(), stored.kind(), stored.status(), to, eventId)) {
			throw new ConcurrentWriteException("Payment " + stored.payNo() + " changed meanwhile", null);
		}
	}

	private UUID newEventId(PaymentCallback callback) {
		return callback.isSuccess() ? this.eventIds.get() : null;
	}

	private void publish(UUID eventId, PayonceEvent event, TraceContext trace) {
		if (eventId != null) {
			this.outbox.append(OutboxEvent.of(eventId, event, trace));
		}
	}

	/** The intake as {@link GroupCommit} drives it. */
	private final class BatchDecisions implements GroupCommit.Decisions {

		@Override
		public List<IntakeOutcome> together(List<GroupCommit.Request> batch) {
			return decideTogether(batch);
		}

		@Override
		public IntakeOutcome alone(GroupCommit.Request request) {
			return receiveAlone(request.callback(), request.source(), request.trace());
		}

	}

	/**
	 * What the first transaction found: the answer, or the PRIMARY of the order that another payNo, without a row
	 * yet, is to be recorded beside (in a transaction of its own).
	 */
	private record Decision(IntakeOutcome outcome, StoredPayment holder) {

		static Decision answer(IntakeOutcome outcome) {
			return new Decision(outcome, null);
		}

		static Decision recordBeside(StoredPayment holder) {
			return new Decision(null, holder);
		}

	}

}
