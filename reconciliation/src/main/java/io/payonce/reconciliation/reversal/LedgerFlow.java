package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;

/** A {@code t_account_flow} row as the reversal sees it; deductions are negative. */
public record LedgerFlow(long id, long userId, BigDecimal amount, String bizNo, String type) {

}
