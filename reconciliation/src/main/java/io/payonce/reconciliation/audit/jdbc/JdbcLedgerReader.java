package io.payonce.reconciliation.audit.jdbc;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.audit.LedgerReader;
import io.payonce.reconciliation.audit.LedgerSnapshot;
import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads the trade schema (owned by deduct-consumer) in one read-only REPEATABLE READ transaction, so that
 * flows, orders and balances come from the same snapshot while deductions go on. Never writes.
 */
public final class JdbcLedgerReader implements LedgerReader {

	private static final int CHUNK = 500;

	private final JdbcTemplate jdbc;

	private final TransactionTemplate readOnly;

	public JdbcLedgerReader(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.readOnly = new TransactionTemplate(transactions);
		this.readOnly.setReadOnly(true);
		this.readOnly.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
	}

	@Override
	public LedgerSnapshot read(AuditPeriod period) {
		return this.readOnly.execute(status -> readInSnapshot(period));
	}

	private LedgerSnapshot readInSnapshot(AuditPeriod period) {
		Timestamp from = Timestamp.from(period.from());
		Timestamp to = Timestamp.from(period.to());
		List<Flow> flows = this.jdbc.query(
				"SELECT id, user_id, amount, biz_no, type, reverses_flow_id, created_at FROM t_account_flow"
						+ " WHERE created_at >= ? AND created_at < ? ORDER BY id",
				FLOW, from, to);
		Set<String> bizNos = new TreeSet<>();
		Set<Long> users = new TreeSet<>();
		for (Flow flow : flows) {
			bizNos.add(flow.owner());
			users.add(flow.userId());
		}
		List<Order> orders = new ArrayList<>();
		for (List<String> chunk : chunks(new ArrayList<>(bizNos))) {
			orders.addAll(this.jdbc.query("SELECT order_no, user_id, amount, currency, status FROM t_order"
					+ " WHERE order_no IN (" + placeholders(chunk.size()) + ")", ORDER, chunk.toArray()));
		}
		List<Order> paidWithoutFlow = this.jdbc.query("SELECT o.order_no, o.user_id, o.amount, o.currency, o.status"
				+ " FROM t_order o WHERE o.status IN ('PAID', 'SETTLED') AND o.updated_at >= ? AND o.updated_at < ?"
				+ " AND NOT EXISTS (SELECT 1 FROM t_account_flow f WHERE f.biz_no = o.order_no) ORDER BY o.order_no",
				ORDER, from, to);
		List<Account> accounts = new ArrayList<>();
		for (List<Long> chunk : chunks(new ArrayList<>(users))) {
			List<Object> args = new ArrayList<>();
			args.add(from);
			args.addAll(chunk);
			accounts.addAll(this.jdbc.query("SELECT a.user_id, a.balance, COALESCE((SELECT SUM(f.amount)"
					+ " FROM t_account_flow f WHERE f.user_id = a.user_id AND f.created_at >= ?), 0) AS since_from"
					+ " FROM t_account a WHERE a.user_id IN (" + placeholders(chunk.size()) + ") ORDER BY a.user_id",
					(rs, row) -> new Account(rs.getLong("user_id"), rs.getBigDecimal("balance"),
							rs.getBigDecimal("since_from")),
					args.toArray()));
		}
		return new LedgerSnapshot(flows, orders, paidWithoutFlow, accounts);
	}

	private static final RowMapper<Flow> FLOW = (rs, row) -> new Flow(rs.getLong("id"), rs.getLong("user_id"),
			rs.getBigDecimal("amount"), rs.getString("biz_no"), rs.getString("type"),
			rs.getObject("reverses_flow_id", Long.class), rs.getTimestamp("created_at").toInstant());

	private static final RowMapper<Order> ORDER = JdbcLedgerReader::order;

	private static Order order(ResultSet rs, int row) throws SQLException {
		BigDecimal amount = rs.getBigDecimal("amount");
		return new Order(rs.getString("order_no"), rs.getLong("user_id"), amount, rs.getString("currency"),
				rs.getString("status"));
	}

	private static <T> List<List<T>> chunks(List<T> all) {
		if (all.isEmpty()) {
			return Collections.emptyList();
		}
		List<List<T>> chunks = new ArrayList<>();
		for (int i = 0; i < all.size(); i += CHUNK) {
			chunks.add(all.subList(i, Math.min(all.size(), i + CHUNK)));
		}
		return chunks;
	}

	private static String placeholders(int count) {
		return String.join(", ", Collections.nCopies(count, "?"));
	}

}
