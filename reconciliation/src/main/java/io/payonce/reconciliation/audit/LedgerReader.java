package io.payonce.reconciliation.audit;

/**
 * Read-only port on the trade ledger. It streams: a period's flows are handed to the visitor one business
 * number at a time, never held whole; the JDBC adapter reads in one repeatable-read transaction.
 */
public interface LedgerReader {

	void read(AuditPeriod period, LedgerVisitor visitor);

}
