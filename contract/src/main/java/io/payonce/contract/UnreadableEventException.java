package io.payonce.contract;

/** The bytes of a record cannot be turned into a {@link PayonceEvent}; the record goes to the terminal topic. */
public class UnreadableEventException extends RuntimeException {

	private final FailureReason reason;

	public UnreadableEventException(FailureReason reason, String message, Throwable cause) {
		super(message, cause);
		this.reason = reason;
	}

	public FailureReason reason() {
		return this.reason;
	}

}
