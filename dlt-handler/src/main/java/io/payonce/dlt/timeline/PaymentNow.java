package io.payonce.dlt.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

import io.payonce.contract.TimelineFact;

/**
 * Where a payment is now and since when, read from its timeline at an instant (the caller's injected clock).
 * <p>
 * The rules, in the order of the facts: an accepted callback, the relay's record or a delivery puts the payment in
 * flight (a callback the gateway did not accept, or any other first fact, leaves it only received); the ladder holding it puts it
 * in a retry tier (with its due time); the ladder releasing it, or an operator replaying it, puts it in flight again;
 * the terminal topic makes it terminal; a committed deduction makes it deducted, and from there only a reversal
 * changes where it is (a duplicate delivery, a conflict or a late retry after the deduction moves no money, so it
 * does not move the payment either). Callbacks, deliveries, dry runs, duplicate payments and findings are lines on
 * the timeline, not places.
 *
 * @param state where the payment is
 * @param since when it got there
 * @param due when a held retry is due, else {@code null}
 * @param forMillis how long it has been there at the instant asked (never negative: clocks of two hosts differ)
 * @param text the same for a person, e.g. "in retry tier 2 since 14:03:10 (1 min 5 s), due 14:08:10"
 */
public record PaymentNow(State state, Instant since, Instant due, long forMillis, String text) {

	private static final String ACCEPTED = "ACCEPTED";

	private static final DateTimeFormatter CLOCK_TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

	public PaymentNow {
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(since, "since");
		Objects.requireNonNull(text, "text");
	}

	/** Where a payment can be. */
	public enum State {

		/** Facts exist, but no callback was accepted yet (for example the gateway answered 503: the platform retries). */
		RECEIVED,

		/** Accepted (or released, or replayed) and not deducted yet: on its way to the consumer. */
		IN_FLIGHT,

		/** Held by the retry ladder until its tier's backoff is due. */
		RETRY_WAITING,

		/** On the terminal topic: waits for an operator. */
		TERMINAL,

		/** The deduction committed. */
		DEDUCTED,

		/** The deduction was reversed by reconciliation. */
		REVERSED

	}

	/**
	 * @param timeline a timeline with at least one fact
	 * @param now the instant to measure "for how long" at
	 */
	public static PaymentNow of(Timeline timeline, Instant now) {
		if (!timeline.hasFacts()) {
			throw new IllegalArgumentException("a timeline without facts has no 'now'");
		}
		Place place = null;
		for (TimelineEntry entry : timeline.entries()) {
			place = next(place, entry.fact());
		}
		long forMillis = Math.max(0, Duration.between(place.since, now).toMillis());
		return new PaymentNow(place.state, place.since, place.due, forMillis, place.describe(forMillis, now));
	}

	private static Place next(Place current, TimelineFact fact) {
		Instant at = fact.at();
		if (current != null && (current.state == State.DEDUCTED || current.state == State.REVERSED)) {
			return (fact.step() == TimelineFact.Step.REVERSAL) ? new Place(State.REVERSED, at, null, "reversed") : current;
		}
		switch (fact.step()) {
			case DEDUCTED:
				return new Place(State.DEDUCTED, at, null, "deducted");
			case REVERSAL:
				return new Place(State.REVERSED, at, null, "reversed");
			case TERMINAL:
				return new Place(State.TERMINAL, at, null, "terminal" + reason(fact));
			case RETRY_HELD:
				if (fact.detail().containsKey(Services.DUE)) {
					return new Place(State.RETRY_WAITING, at, instantOrNull(fact.detail().get(Services.DUE)),
							"in retry tier " + fact.detail().getOrDefault(Services.TIER, "?") + reason(fact));
				}
				// the last attempt failed: the terminal fact follows
				return (current != null) ? current : inFlight(at, "accepted, not yet deducted");
			case RETRY_RELEASED:
				return inFlight(at, "released from the retry ladder (attempt "
						+ fact.detail().getOrDefault(Services.ATTEMPT, "?") + "), not yet deducted");
			case REPLAY:
				if ("true".equals(fact.detail().get(Services.DRY_RUN))) {
					return (current != null) ? current : inFlight(at, "accepted, not yet deducted");
				}
				return inFlight(at, "replayed" + by(fact) + ", not yet deducted");
			default:
				return (current == null || current.state == State.RECEIVED) ? firstOf(current, fact)
						: current;
		}
	}

	/** Before anything was accepted: a callback the gateway accepted, or the pipeline acting on it, starts the flight. */
	private static Place firstOf(Place current, TimelineFact fact) {
		boolean accepted = (fact.step() == TimelineFact.Step.CALLBACK) ? ACCEPTED.equals(fact.decision())
				: (fact.step() == TimelineFact.Step.RELAYED || fact.step() == TimelineFact.Step.DELIVERY);
		if (accepted) {
			return inFlight(fact.at(), "accepted, not yet deducted");
		}
		if (current != null) {
			return current;
		}
		String what = (fact.step() == TimelineFact.Step.CALLBACK)
				? "callback answered " + fact.decision() + ", nothing accepted yet"
				: fact.step().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " recorded, nothing accepted yet";
		return new Place(State.RECEIVED, fact.at(), null, what);
	}

	private static Place inFlight(Instant at, String what) {
		return new Place(State.IN_FLIGHT, at, null, what);
	}

	private static String reason(TimelineFact fact) {
		String reason = fact.detail().get(Services.REASON);
		return (reason == null || reason.isBlank()) ? "" : " (" + reason + ")";
	}

	private static String by(TimelineFact fact) {
		String who = fact.detail().get(Services.WHO);
		return (who == null || who.isBlank()) ? "" : " by " + who;
	}

	private static Instant instantOrNull(String text) {
		try {
			return (text == null) ? null : Instant.parse(text);
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	/** "3.2 s", "5 min 3 s", "2 h 5 min", "3 d 2 h": precise where it matters, short where it does not. */
	static String duration(long millis) {
		if (millis < 60_000) {
			return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
		}
		long seconds = millis / 1000;
		if (seconds < 3600) {
			return (seconds / 60) + " min " + (seconds % 60) + " s";
		}
		if (seconds < 86_400) {
			return (seconds / 3600) + " h " + (seconds % 3600 / 60) + " min";
		}
		return (seconds / 86_400) + " d " + (seconds % 86_400 / 3600) + " h";
	}

	private record Place(State state, Instant since, Instant due, String what) {

		String describe(long forMillis, Instant now) {
			String time = CLOCK_TIME.format(this.since);
			switch (this.state) {
				case IN_FLIGHT:
					return this.what + ", for " + duration(forMillis) + " (since " + time + ")";
				case RETRY_WAITING:
					if (this.due == null) {
						return this.what + " since " + time + " (" + duration(forMillis) + ")";
					}
					String when = now.isAfter(this.due)
							? "was due " + CLOCK_TIME.format(this.due) + ", "
									+ duration(Duration.between(this.due, now).toMillis()) + " ago"
							: "due " + CLOCK_TIME.format(this.due);
					return this.what + " since " + time + " (" + duration(forMillis) + "), " + when;
				default:
					return this.what + " since " + time + " (" + duration(forMillis) + ")";
			}
		}

	}

}
