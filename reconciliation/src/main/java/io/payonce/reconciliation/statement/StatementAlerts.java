package io.payonce.reconciliation.statement;

/** Port: where an import's findings are raised (log, metric); a finding of a re-import is not raised again. */
public interface StatementAlerts {

	void raise(StatementReport report);

}
