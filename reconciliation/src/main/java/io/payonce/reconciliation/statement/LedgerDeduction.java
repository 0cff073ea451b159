package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What the trade ledger holds for one order.
 *
 * @param orderPayNo the payNo that paid the order ({@code t_order.pay_no}), {@code null} if unpaid or paid before it
 * was recorded
 * @param deducted the amount its {@code PAY_DEDUCT} flow took (positive), {@code null} when there is none
 * @param reversed a {@code REVERSE_DEDUCT} flow corrected it
 */
public record LedgerDeduction(String orderNo, String orderPayNo, BigDecimal deducted, boolean reversed) {

	public LedgerDeduction {
		Objects.requireNonNull(orderNo, "orderNo");
	}

}
