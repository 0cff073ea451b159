package io.payonce.reconciliation.reversal;

import java.util.List;
import java.util.Optional;

/** Port on the trade ledger for reversals; the JDBC adapter keeps every write in one transaction. */
public interface ReversalLedger {

	Optional<LedgerFlow> flow(long flowId);

	/** Every flow of {@code bizNo} and of its reversal {@code bizNo-REVERSE}. */
	List<LedgerFlow> flowsOf(String bizNo);

	/**
	 * In ONE transaction: insert the reversal flow, credit the balance, insert the audit entry (with the new
	 * flow id). Nothing is written if any step fails.
	 * @return the ids of the reversal flow and of the audit row
	 * @throws AlreadyReversedException when the unique key {@code (biz_no, type)} already holds the reversal
	 * @throws AccountNotFoundException when the account row is missing
	 */
	Posted postReversal(LedgerFlow reversal, ReversalAuditEntry audit);

	/** Audits a request that changed nothing, in its own transaction; returns the audit row id. */
	long audit(ReversalAuditEntry entry);

	record Posted(long reversalFlowId, long auditId) {

	}

	final class AlreadyReversedException extends RuntimeException {

		public AlreadyReversedException(String message, Throwable cause) {
			super(message, cause);
		}

	}

	final class AccountNotFoundException extends RuntimeException {

		public AccountNotFoundException(String message) {
			super(message);
		}

	}

}
