package io.payonce.dlt.forecast;

import java.util.Optional;

/** Port: an order and its payer's account as the ledger holds them now (read-only). */
public interface OrderLedger {

	/**
	 * @return the order, empty when the ledger has no such order
	 * @throws LedgerUnavailableException the ledger could not be asked or did not answer; nothing is known
	 */
	Optional<OrderFacts> find(String orderNo);

	/** The ledger could not say; the message names why (unreachable, refused, timed out, not configured). */
	final class LedgerUnavailableException extends RuntimeException {

		public LedgerUnavailableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
