package io.payonce.simulator.api;

import java.time.Instant;

import io.payonce.simulator.callback.Attempt;

/** One attempt of a callback delivery: when, how long, the HTTP status (0: no answer) and answer or error. */
public record AttemptView(int number, Instant at, long tookMillis, int status, String answer, String error) {

	public static AttemptView of(Attempt attempt) {
		return new AttemptView(attempt.number(), attempt.at(), attempt.took().toMillis(), attempt.status(),
				attempt.answer(), attempt.error());
	}

}
