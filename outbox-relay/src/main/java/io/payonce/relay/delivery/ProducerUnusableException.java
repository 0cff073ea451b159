package io.payonce.relay.delivery;

/**
 * The term's producer can publish nothing more: another instance fenced it (initialised the relay's
 * transactional id after it), or it failed for good. The batch in hand is not marked processed; the term
 * ends and the lead is handed over. Never retried with the same producer.
 */
public class ProducerUnusableException extends RuntimeException {

	private final boolean fenced;

	ProducerUnusableException(String message, Throwable cause, boolean fenced) {
		super(message, cause);
		this.fenced = fenced;
	}

	/** {@code true} when a newer producer of the relay took over, i.e. another instance leads now. */
	public boolean fenced() {
		return this.fenced;
	}

}
