package io.payonce.simulator.callback;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Every callback delivery of the platform and the order in which they fall due. Not thread-safe: the
 * {@code Platform} owns it and serialises access.
 * <p>
 * Invariants: a delivery is handed out ({@link #takeDue}) only while PENDING, due and not already handed out,
 * so one delivery never has two attempts in flight; an attempt is recorded only for a delivery that was handed
 * out; the state moves only PENDING → DELIVERED or PENDING → GAVE_UP.
 */
public final class Deliveries {

	private final RetrySchedule schedule;

	private final Map<String, CallbackDelivery> byId = new LinkedHashMap<>();

	/** Due times of PENDING deliveries; stale entries (the delivery moved on) are skipped when met. */
	private final PriorityQueue<Due> queue = new PriorityQueue<>(
			Comparator.comparing(Due::at).thenComparing(Due::id));

	private final Set<String> inFlight = new HashSet<>();

	public Deliveries(RetrySchedule schedule) {
		this.schedule = schedule;
	}

	/** A new delivery, or one restored with its attempts after a restart. */
	public void add(CallbackDelivery delivery) {
		if (this.byId.putIfAbsent(delivery.id(), delivery) != null) {
			throw new IllegalArgumentException("delivery " + delivery.id() + " exists already");
		}
		enqueue(delivery);
	}

	/**
	 * Replays an attempt recorded before a restart. The state is judged with today's schedule: a delivery whose
	 * window closed while the simulator was down has given up.
	 */
	public void replay(String id, Attempt attempt) {
		CallbackDelivery delivery = require(id);
		this.byId.put(id, delivery.after(attempt, this.schedule));
		enqueue(this.byId.get(id));
	}

	/** Up to {@code max} deliveries due at {@code now}, earliest first; each is now in flight. */
	public List<CallbackDelivery> takeDue(Instant now, int max) {
		List<CallbackDelivery> due = new ArrayList<>();
		while (due.size() < max && !this.queue.isEmpty() && !this.queue.peek().at().isAfter(now)) {
			Due next = this.queue.poll();
			CallbackDelivery delivery = this.byId.get(next.id());
			if (isCurrent(next, delivery) && this.inFlight.add(next.id())) {
				due.add(delivery);
			}
		}
		return due;
	}

	/** Records the attempt of a delivery handed out by {@link #takeDue}; returns the delivery after it. */
	public CallbackDelivery record(String id, Attempt attempt) {
		if (!this.inFlight.remove(id)) {
			throw new IllegalStateException("no attempt of " + id + " is in flight");
		}
		CallbackDelivery after = require(id).after(attempt, this.schedule);
		this.byId.put(id, after);
		enqueue(after);
		return after;
	}

	/** When the earliest PENDING delivery not in flight is due. */
	public Optional<Instant> nextDue() {
		while (!this.queue.isEmpty()) {
			Due next = this.queue.peek();
			if (isCurrent(next, this.byId.get(next.id())) && !this.inFlight.contains(next.id())) {
				return Optional.of(next.at());
			}
			this.queue.poll();
		}
		return Optional.empty();
	}

	public Optional<CallbackDelivery> get(String id) {
		return Optional.ofNullable(this.byId.get(id));
	}

	public List<CallbackDelivery> all() {
		return List.copyOf(this.byId.values());
	}

	/** How many deliveries are in each state, and how many attempts were made in all. */
	public Counts counts() {
		Map<DeliveryState, Integer> states = new EnumMap<>(DeliveryState.class);
		for (DeliveryState state : DeliveryState.values()) {
			states.put(state, 0);
		}
		int attempts = 0;
		for (CallbackDelivery delivery : this.byId.values()) {
			states.merge(delivery.state(), 1, Integer::sum);
			attempts += delivery.attempts().size();
		}
		return new Counts(states.get(DeliveryState.PENDING), states.get(DeliveryState.DELIVERED),
				states.get(DeliveryState.GAVE_UP), attempts);
	}

	public RetrySchedule schedule() {
		return this.schedule;
	}

	private void enqueue(CallbackDelivery delivery) {
		if (delivery.state() == DeliveryState.PENDING) {
			this.queue.add(new Due(delivery.nextAttemptAt(), delivery.id()));
		}
	}

	private static boolean isCurrent(Due due, CallbackDelivery delivery) {
		return delivery != null && delivery.state() == DeliveryState.PENDING && due.at().equals(delivery.nextAttemptAt());
	}

	private CallbackDelivery require(String id) {
		CallbackDelivery delivery = this.byId.get(id);
		if (delivery == null) {
			throw new IllegalArgumentException("no delivery " + id);
		}
		return delivery;
	}

	/** Deliveries by state and the attempts made. */
	public record Counts(int pending, int delivered, int gaveUp, int attempts) {

	}

	private record Due(Instant at, String id) {

	}

}
