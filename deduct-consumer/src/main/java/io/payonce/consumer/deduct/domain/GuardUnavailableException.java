package io.payonce.consumer.deduct.domain;

/** The idempotency guard cannot answer (Redis down, timeout). Infrastructure, not business. */
public class GuardUnavailableException extends RuntimeException {

	public GuardUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
