package io.payonce.reconciliation.reversal;

/**
 * Port: tells the rest of PayOnce that a reversal is in the ledger. Called after the reversal's transaction
 * committed, never inside it: a notice that cannot be sent does not undo the reversal (the money is right). It is
 * logged as an error naming the order; the order's DUPLICATE finding then stays open on the findings topic (while
 * the findings API, which also reads the ledger, shows it SETTLED) until the same reversal is asked for again,
 * which is answered ALREADY_REVERSED and announces the standing reversal once more.
 */
public interface ReversalNotices {

	/** No one to tell (a test of the ledger rules). */
	ReversalNotices NONE = (booked) -> {
	};

	/**
	 * @throws RuntimeException when the notice could not be delivered
	 */
	void booked(ReversalBooked booked);

}
