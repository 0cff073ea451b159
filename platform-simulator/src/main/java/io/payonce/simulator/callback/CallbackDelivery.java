package io.payonce.simulator.callback;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.payonce.platform.callback.PayCallback;

/**
 * One callback the platform sends until a 2xx or the end of the window, and every attempt it made. A payment
 * has one delivery, none when its callback is lost, two when it is sent twice ({@code copy} 1 and 2, the same
 * body).
 * @param id {@code <payNo>#<copy>}
 * @param nextAttemptAt when the next attempt is due; {@code null} unless PENDING
 */
public record CallbackDelivery(String id, int copy, PayCallback callback, Instant firstAttemptAt,
		List<Attempt> attempts, DeliveryState state, Instant nextAttemptAt) {

	public CallbackDelivery {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(callback, "callback");
		Objects.requireNonNull(firstAttemptAt, "firstAttemptAt");
		attempts = List.copyOf(attempts);
		Objects.requireNonNull(state, "state");
	}

	public static String id(String payNo, int copy) {
		return payNo + "#" + copy;
	}

	/** A delivery not tried yet, due at {@code firstAttemptAt}. */
	public static CallbackDelivery planned(int copy, PayCallback callback, Instant firstAttemptAt) {
		return new CallbackDelivery(id(callback.payNo(), copy), copy, callback, firstAttemptAt, List.of(),
				DeliveryState.PENDING, firstAttemptAt);
	}

	public String payNo() {
		return this.callback.payNo();
	}

	/**
	 * This delivery after one more attempt: DELIVERED on a 2xx, else PENDING until the schedule's next slot
	 * after the attempt ended, or GAVE_UP if that falls after the window.
	 */
	public CallbackDelivery after(Attempt attempt, RetrySchedule schedule) {
		if (this.state != DeliveryState.PENDING) {
			throw new IllegalStateException(this.id + " is " + this.state + ", no attempt is made");
		}
		if (attempt.number() != this.attempts.size() + 1) {
			throw new IllegalArgumentException(
					this.id + ": attempt " + attempt.number() + " after " + this.attempts.size() + " attempt(s)");
		}
		List<Attempt> made = new ArrayList<>(this.attempts);
		made.add(attempt);
		if (attempt.delivered()) {
			return new CallbackDelivery(this.id, this.copy, this.callback, this.firstAttemptAt, made,
					DeliveryState.DELIVERED, null);
		}
		return schedule.nextAfter(this.firstAttemptAt, attempt.at().plus(attempt.took()))
			.map(next -> new CallbackDelivery(this.id, this.copy, this.callback, this.firstAttemptAt, made,
					DeliveryState.PENDING, next))
			.orElseGet(() -> new CallbackDelivery(this.id, this.copy, this.callback, this.firstAttemptAt, made,
					DeliveryState.GAVE_UP, null));
	}

}
