package io.payonce.reconciliation.audit;

/** Read-only port on the trade ledger; the JDBC adapter reads in one repeatable-read transaction. */
public interface LedgerReader {

	LedgerSnapshot read(AuditPeriod period);

}
