package io.payonce.platform;

import java.time.LocalDate;

/** The platform has no statement of this day to give: the day is not closed yet, or the platform failed. */
public class StatementUnavailableException extends RuntimeException {

	private final LocalDate day;

	private final boolean notReady;

	public StatementUnavailableException(LocalDate day, boolean notReady, String message, Throwable cause) {
		super("statement of " + day + ": " + message, cause);
		this.day = day;
		this.notReady = notReady;
	}

	public LocalDate day() {
		return this.day;
	}

	/** {@code true}: ask again later (the day is not over, or not yet settled); {@code false}: the platform failed. */
	public boolean notReady() {
		return this.notReady;
	}

}
