package io.payonce.dlt.console;

import io.payonce.dlt.terminal.TerminalRecord;

/**
 * Publishes a terminal record back to {@code pay.success}: same key, value and event id, attempt 1, header
 * {@code payonce-replay-id}. Returns only once the broker acknowledged the record.
 */
public interface ReplayPublisher {

	void publish(TerminalRecord record, String replayId) throws ReplayFailedException;

	/** The broker did not take the record. */
	class ReplayFailedException extends Exception {

		public ReplayFailedException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
