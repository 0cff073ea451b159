package io.payonce.gateway.callback.domain;

/**
 * Another transaction wrote the same payment first (unique key taken, lock conflict, deadlock). The work was
 * rolled back and may simply be decided again: the next attempt reads what the winner committed.
 */
public class ConcurrentWriteException extends RuntimeException {

	public ConcurrentWriteException(String message, Throwable cause) {
		super(message, cause);
	}

}
