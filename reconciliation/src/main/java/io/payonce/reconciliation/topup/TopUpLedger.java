package io.payonce.reconciliation.topup;

import java.math.BigDecimal;
import java.util.Optional;

/** Port: the trade schema as a top-up sees it. */
public interface TopUpLedger {

	/** The TOP_UP flow booked under this reference, if any. */
	Optional<BookedTopUp> topUp(String reference);

	/** The currency of the user's account, empty if the user has none. */
	Optional<String> accountCurrency(long userId);

	/**
	 * In one transaction: the TOP_UP flow, the balance credited by that flow's amount, the audit row.
	 * @throws ReferenceTakenException the reference got its flow meanwhile (a concurrent request): nothing written
	 * @throws AccountChangedException no account of that user and currency to credit: nothing written
	 */
	Posted post(TopUpAuditEntry entry);

	/** Audits a request that wrote nothing else. */
	long audit(TopUpAuditEntry entry);

	record BookedTopUp(long flowId, long userId, BigDecimal amount) {

	}

	record Posted(long flowId, BigDecimal balance, long auditId) {

	}

	final class ReferenceTakenException extends RuntimeException {

		public ReferenceTakenException(String message, Throwable cause) {
			super(message, cause);
		}

	}

	final class AccountChangedException extends RuntimeException {

		public AccountChangedException(String message) {
			super(message);
		}

	}

}
