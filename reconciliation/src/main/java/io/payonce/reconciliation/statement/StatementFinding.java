package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One difference between the platform's statement and our books.
 *
 * @param line the statement line (1-based), {@code null} for a payment that is not on the statement
 * @param statementAmount what the statement states, {@code null} when the payment is not on it
 * @param recordedAmount what {@code t_payment} holds (SUCCESS rows), {@code null} when we never recorded it
 * @param repair what was done about it: {@code none}, or the intake's answer to the repair
 * @param detail one sentence for the operator
 */
public record StatementFinding(Kind kind, Integer line, String payNo, String orderNo, String currency,
		BigDecimal statementAmount, BigDecimal recordedAmount, String repair, String detail) {

	public StatementFinding {
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(currency, "currency");
		repair = (repair == null) ? "none" : repair;
	}

	public StatementFinding withRepair(String repair, String detail) {
		return new StatementFinding(this.kind, this.line, this.payNo, this.orderNo, this.currency,
				this.statementAmount, this.recordedAmount, repair, detail);
	}

	/** statement − recorded, the amount by which this finding explains the difference of the totals. */
	public BigDecimal difference() {
		BigDecimal stated = (this.statementAmount != null) ? this.statementAmount : BigDecimal.ZERO;
		BigDecimal recorded = (this.recordedAmount != null) ? this.recordedAmount : BigDecimal.ZERO;
		return stated.subtract(recorded);
	}

	public enum Kind {

		/**
		 * On the statement, never recorded as a successful payment: the platform paid, the callback never came (or
		 * never said SUCCESS). Repaired through the intake once the platform's query confirms the payment.
		 */
		MISSING_CALLBACK(true),

		/** Recorded as a successful payment of the day, not on the statement: we hold money the platform does not. */
		UNKNOWN_PAYMENT(true),

		/** On both, with other amounts (or currencies). */
		AMOUNT_MISMATCH(true),

		/**
		 * A second successful payment of an order: owed back. It must be on the refund list (a {@code DuplicatePayment}
		 * on {@code pay.refund-required}); the finding says whether it is.
		 */
		DUPLICATE_PAYMENT(false),

		/** The order's payment is recorded, the ledger holds no deduction for it (yet: it may be in the retry ladder). */
		NOT_DEDUCTED(false),

		/** The ledger's deduction of the order differs from its recorded payment. */
		DEDUCTION_MISMATCH(false);

		private final boolean explainsTotals;

		Kind(boolean explainsTotals) {
			this.explainsTotals = explainsTotals;
		}

		/** Whether its {@link StatementFinding#difference()} is part of "statement sum = recorded sum + findings". */
		public boolean explainsTotals() {
			return this.explainsTotals;
		}

	}

}
