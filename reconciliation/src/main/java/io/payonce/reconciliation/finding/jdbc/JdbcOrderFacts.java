package io.payonce.reconciliation.finding.jdbc;

import io.payonce.reconciliation.audit.LedgerAudit;
import io.payonce.reconciliation.finding.FindingStatus.LedgerFacts;
import io.payonce.reconciliation.finding.OrderFacts;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Counts an order's deductions and reversals in the trade schema (read-only). A deduction is any negative flow of the
 * order's number that is not a reversal, whatever its type, as the ledger audit counts them.
 */
public final class JdbcOrderFacts implements OrderFacts {

	private final JdbcTemplate jdbc;

	public JdbcOrderFacts(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public LedgerFacts of(String orderNo) {
		return this.jdbc.queryForObject(
				"SELECT COALESCE(SUM(type <> ? AND type <> ? AND amount < 0), 0),"
						+ " COALESCE(SUM(type = ?), 0) FROM t_account_flow WHERE biz_no = ?",
				(rs, row) -> new LedgerFacts(rs.getInt(1), rs.getInt(2)), LedgerAudit.REVERSE_DEDUCT,
				LedgerAudit.TOP_UP, LedgerAudit.REVERSE_DEDUCT, orderNo);
	}

}
