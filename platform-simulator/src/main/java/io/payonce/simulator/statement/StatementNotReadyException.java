package io.payonce.simulator.statement;

import java.time.Instant;
import java.time.LocalDate;

/** The statement of a day is asked for before the day is over (plus the platform's settling time). */
public class StatementNotReadyException extends RuntimeException {

	private final LocalDate day;

	private final Instant readyAt;

	public StatementNotReadyException(LocalDate day, Instant readyAt) {
		super("the statement of " + day + " is ready at " + readyAt);
		this.day = day;
		this.readyAt = readyAt;
	}

	public LocalDate day() {
		return this.day;
	}

	public Instant readyAt() {
		return this.readyAt;
	}

}
