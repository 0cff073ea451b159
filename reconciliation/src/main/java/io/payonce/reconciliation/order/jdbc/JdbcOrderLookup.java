package io.payonce.reconciliation.order.jdbc;

import java.util.List;
import java.util.Optional;

import io.payonce.reconciliation.order.OrderLookup;
import io.payonce.reconciliation.order.OrderView;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One read, no lock: the order joined to its payer's account. A plain (non-locking) read is enough, the answer is
 * advisory (a dry run's forecast); the consumer decides under its own locks when it deducts.
 */
public final class JdbcOrderLookup implements OrderLookup {

	private final JdbcTemplate jdbc;

	public JdbcOrderLookup(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Optional<OrderView> find(String orderNo) {
		List<OrderView> rows = this.jdbc.query("""
				SELECT o.order_no, o.status, o.user_id, o.amount, o.currency, o.pay_no, a.balance, a.currency AS a_currency,
				f.status AS freeze_status
				FROM t_order o LEFT JOIN t_account a ON a.user_id = o.user_id
				LEFT JOIN t_account_freeze f ON f.user_id = o.user_id
				WHERE o.order_no = ?""", (rs, row) -> new OrderView(rs.getString("order_no"), rs.getString("status"),
				rs.getLong("user_id"), rs.getBigDecimal("amount"), rs.getString("currency"), rs.getString("pay_no"),
				(rs.getString("a_currency") == null) ? null
						: new OrderView.Account(rs.getBigDecimal("balance"), rs.getString("a_currency"),
								"FROZEN".equals(rs.getString("freeze_status")))),
				orderNo);
		return rows.stream().findFirst();
	}

}
