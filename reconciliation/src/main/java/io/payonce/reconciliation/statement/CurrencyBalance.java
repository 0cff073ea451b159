package io.payonce.reconciliation.statement;

import java.math.BigDecimal;

/**
 * The totals of one currency, and whether they balance:
 * {@code statement = recorded + missing − unknown + mismatch}, where missing is the statement amount of every
 * MISSING_CALLBACK, unknown the recorded amount of every UNKNOWN_PAYMENT and mismatch the sum of (statement −
 * recorded) of every AMOUNT_MISMATCH. The ledger's side: {@code deducted} is what the ledger took for the orders
 * whose recorded payment is on the statement ({@code expectedDeducted}).
 */
public record CurrencyBalance(String currency, int statementCount, BigDecimal statement, int recordedCount,
		BigDecimal recorded, BigDecimal missing, BigDecimal unknown, BigDecimal mismatch, BigDecimal expectedDeducted,
		BigDecimal deducted) {

	/** statement sum = recorded sum + findings. */
	public boolean balances() {
		return this.statement.compareTo(this.recorded.add(this.missing).subtract(this.unknown).add(this.mismatch)) == 0;
	}

}
