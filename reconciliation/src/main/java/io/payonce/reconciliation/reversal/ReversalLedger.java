package io.payonce.reconciliation.reversal;

import java.util.List;
import java.util.Optional;

/** Port on the trade ledger for reversals; the JDBC adapter keeps every write in one transaction. */
public interface ReversalLedger {

	Optional<LedgerFlow> flow(long flowId);

	/**
	 * Every flow with biz_no {@code bizNo} (its deductions, its reversal, or whatever holds its reversal place),
	 * and its reversal from before trade migration V2 ({@code <bizNo>-REVERSE}, no reversed flow id).
	 */
	List<LedgerFlow> flowsOf(String bizNo);

	/**
	 * In ONE transaction: insert the {@code REVERSE_DEDUCT} flow of {@code original} (its user, its biz_no, the
	 * opposite of its amount and its id as {@code reverses_flow_id}, all taken from the original row by the insert
	 * itself, so a reversal can never credit more than the flow it reverses), credit the balance by exactly that
	 * amount, insert the audit entry (with the new flow id). Nothing is written if any step fails.
	 * @return the ids of the reversal flow and of the audit row
	 * @throws AlreadyReversedException when {@code uk_biz_no_type} or {@code uk_flow_reverses} already holds a
	 * reversal of that biz_no or flow
	 * @throws AccountNotFoundException when the account row is missing
	 */
	Posted postReversal(LedgerFlow original, ReversalAuditEntry audit);

	/**
	 * The booking of a standing reversal flow as its audit row tells it (who, through which channel, when, the
	 * credit), so that it can be announced again; empty for a reversal without such a row (booked before this
	 * service audited, or a pre-V2 {@code <biz_no>-REVERSE} one).
	 */
	Optional<ReversalBooked> booked(LedgerFlow reversal);

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
