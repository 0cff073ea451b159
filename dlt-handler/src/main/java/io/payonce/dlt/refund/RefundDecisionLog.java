package io.payonce.dlt.refund;

/**
 * Port: where decisions are kept so that they survive a restart and every instance sees them (the compacted
 * decisions topic). {@link #record} returns only once the decision is durable.
 */
public interface RefundDecisionLog {

	void record(RefundDecision decision) throws DecisionNotRecordedException;

	/** The decision could not be stored; nothing changed. */
	class DecisionNotRecordedException extends Exception {

		public DecisionNotRecordedException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
