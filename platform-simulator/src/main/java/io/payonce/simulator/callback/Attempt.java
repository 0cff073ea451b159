package io.payonce.simulator.callback;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One try to deliver a callback and what came of it.
 * @param number 1 for the first attempt of the delivery
 * @param status the HTTP status of the answer, 0 if there was none (refused, timed out)
 * @param answer the answer's body (shortened), empty if none
 * @param error why there was no answer, {@code null} if there was one
 */
public record Attempt(int number, Instant at, Duration took, int status, String answer, String error) {

	private static final int ANSWER_LIMIT = 500;

	public Attempt {
		Objects.requireNonNull(at, "at");
		Objects.requireNonNull(took, "took");
		answer = answer == null ? "" : shorten(answer);
	}

	public static Attempt answered(int number, Instant at, Duration took, int status, String answer) {
		return new Attempt(number, at, took, status, answer, null);
	}

	public static Attempt failed(int number, Instant at, Duration took, String error) {
		return new Attempt(number, at, took, 0, "", Objects.requireNonNull(error, "error"));
	}

	/** A 2xx answer ends the delivery: the merchant has the callback (real platforms ask for 200 or 204). */
	public boolean delivered() {
		return this.status >= 200 && this.status < 300;
	}

	private static String shorten(String value) {
		return value.length() <= ANSWER_LIMIT ? value : value.substring(0, ANSWER_LIMIT) + "…";
	}

}
