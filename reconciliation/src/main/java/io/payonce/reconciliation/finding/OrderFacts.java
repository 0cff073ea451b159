package io.payonce.reconciliation.finding;

/** Port: the ledger's facts about one order, for a finding's status. */
public interface OrderFacts {

	FindingStatus.LedgerFacts of(String orderNo);

}
