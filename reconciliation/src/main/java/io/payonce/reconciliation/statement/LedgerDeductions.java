package io.payonce.reconciliation.statement;

import java.util.Collection;
import java.util.Map;

/** Port: the trade ledger's deductions of some orders. */
public interface LedgerDeductions {

	/** One entry per order of {@code orderNos} that exists in {@code t_order}. */
	Map<String, LedgerDeduction> of(Collection<String> orderNos);

}
