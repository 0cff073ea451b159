package io.payonce.reconciliation.platform.jdbc;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.platform.UnpaidOrders;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@code t_order} rows in {@code INIT}, as the reconciliation's own user reads them (it has SELECT on
 * {@code t_order}, nothing more is needed). A keyset walk on {@code (created_at, order_no)}.
 */
public final class JdbcUnpaidOrders implements UnpaidOrders {

	private final JdbcTemplate jdbc;

	public JdbcUnpaidOrders(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public List<UnpaidOrder> page(Cursor from, Instant createdBefore, int limit) {
		Timestamp after = Timestamp.from(from.createdAt());
		return this.jdbc.query("""
				SELECT order_no, created_at FROM t_order
				WHERE status = 'INIT' AND created_at < ?
				  AND (created_at > ? OR (created_at = ? AND order_no > ?))
				ORDER BY created_at, order_no LIMIT ?""",
				(rs, row) -> new UnpaidOrder(rs.getString("order_no"), rs.getTimestamp("created_at").toInstant()),
				Timestamp.from(createdBefore), after, after, from.orderNo(), limit);
	}

}
