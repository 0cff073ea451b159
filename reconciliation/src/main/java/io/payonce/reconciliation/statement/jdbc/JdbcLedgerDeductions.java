package io.payonce.reconciliation.statement.jdbc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.payonce.reconciliation.statement.LedgerDeduction;
import io.payonce.reconciliation.statement.LedgerDeductions;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ledger's deduction of each order: {@code t_order.pay_no} and its {@code PAY_DEDUCT} flow (a deduction is
 * negative, reported positive), and whether a {@code REVERSE_DEDUCT} corrected it. Read in chunks of orders, with
 * the reconciliation's own SELECT rights on {@code t_order} and {@code t_account_flow}.
 */
public final class JdbcLedgerDeductions implements LedgerDeductions {

	private static final int CHUNK = 500;

	private final JdbcTemplate jdbc;

	public JdbcLedgerDeductions(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Map<String, LedgerDeduction> of(Collection<String> orderNos) {
		List<String> all = new ArrayList<>(orderNos);
		Map<String, LedgerDeduction> deductions = new HashMap<>();
		for (int from = 0; from < all.size(); from += CHUNK) {
			List<String> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
			String marks = String.join(",", Collections.nCopies(chunk.size(), "?"));
			this.jdbc.query("""
					SELECT o.order_no, o.pay_no,
					       (SELECT -f.amount FROM t_account_flow f WHERE f.biz_no = o.order_no AND f.type = 'PAY_DEDUCT') AS deducted,
					       EXISTS (SELECT 1 FROM t_account_flow r WHERE r.biz_no = o.order_no AND r.type = 'REVERSE_DEDUCT') AS reversed
					FROM t_order o WHERE o.order_no IN (""" + marks + ")", (rs) -> {
				String orderNo = rs.getString("order_no");
				deductions.put(orderNo, new LedgerDeduction(orderNo, rs.getString("pay_no"),
						rs.getObject("deducted", BigDecimal.class), rs.getBoolean("reversed")));
			}, chunk.toArray());
		}
		return deductions;
	}

}
