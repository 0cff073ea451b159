package io.payonce.reconciliation.audit.jdbc;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.audit.LedgerReader;
import io.payonce.reconciliation.audit.LedgerVisitor;
import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads the trade schema (owned by deduct-consumer) in one read-only REPEATABLE READ transaction, so that flows,
 * orders and balances come from the same snapshot while deductions go on. Never writes. Streams: the driver
 * fetches {@value #FETCH_SIZE} rows at a time, and the flows arrive ordered by business number (byte order, as
 * identifiers are compared everywhere) with their order joined, so that one business number is in memory at a
 * time.
 */
public final class JdbcLedgerReader implements LedgerReader {

	static final int FETCH_SIZE = 1000;

	/**
	 * The business number a flow belongs to is its own, except a reversal booked before trade migration V2
	 * ({@code REVERSE_DEDUCT}, biz_no {@code X-REVERSE}, no reversed flow id), which belongs to {@code X}:
	 * {@code Reversals.owner}, in SQL. An order whose own number ends in {@code -REVERSE} is an order.
	 */
	private static final String FLOWS = """
			SELECT f.id, f.user_id, f.amount, f.biz_no, f.type, f.reverses_flow_id, f.created_at, f.base,
			       o.order_no, o.user_id AS order_user_id, o.amount AS order_amount, o.currency, o.status
			FROM (SELECT id, user_id, amount, biz_no, type, reverses_flow_id, created_at,
			             CASE WHEN type = 'REVERSE_DEDUCT' AND reverses_flow_id IS NULL
			                       AND biz_no LIKE '%-REVERSE' AND CHAR_LENGTH(biz_no) > 8
			                  THEN LEFT(biz_no, CHAR_LENGTH(biz_no) - 8) ELSE biz_no END AS base
			      FROM t_account_flow WHERE created_at >= ? AND created_at < ? AND type <> 'TOP_UP') f
			LEFT JOIN t_order o ON o.order_no = f.base
			ORDER BY CAST(f.base AS BINARY), f.id""";

	private static final String PAID_WITHOUT_FLOW = """
			SELECT o.order_no, o.user_id, o.amount, o.currency, o.status FROM t_order o
			WHERE o.status IN ('PAID', 'SETTLED') AND o.updated_at >= ? AND o.updated_at < ?
			  AND NOT EXISTS (SELECT 1 FROM t_account_flow f WHERE f.biz_no = o.order_no AND f.type <> 'TOP_UP')
			ORDER BY o.order_no""";

	/** Credits under an operator's reference, not an order's number: apart from the business numbers. */
	private static final String TOP_UPS = """
			SELECT id, user_id, amount, biz_no, type, reverses_flow_id, created_at FROM t_account_flow
			WHERE type = 'TOP_UP' AND created_at >= ? AND created_at < ?
			ORDER BY id""";

	private static final String ACCOUNTS = """
			SELECT a.user_id, a.balance,
			       COALESCE((SELECT SUM(f.amount) FROM t_account_flow f
			                 WHERE f.user_id = a.user_id AND f.created_at >= ?), 0) AS since_from
			FROM t_account a
			WHERE a.user_id IN (SELECT user_id FROM t_account_flow WHERE created_at >= ? AND created_at < ?)
			ORDER BY a.user_id""";

	private final JdbcTemplate jdbc;

	private final TransactionTemplate readOnly;

	public JdbcLedgerReader(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = new JdbcTemplate(jdbc.getDataSource());
		this.jdbc.setFetchSize(FETCH_SIZE);
		this.readOnly = new TransactionTemplate(transactions);
		this.readOnly.setReadOnly(true);
		this.readOnly.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
	}

	@Override
	public void read(AuditPeriod period, LedgerVisitor visitor) {
		this.readOnly.executeWithoutResult(status -> readInSnapshot(period, visitor));
	}

	private void readInSnapshot(AuditPeriod period, LedgerVisitor visitor) {
		Timestamp from = Timestamp.from(period.from());
		Timestamp to = Timestamp.from(period.to());
		Groups groups = new Groups(visitor);
		this.jdbc.query(FLOWS, groups, from, to);
		groups.flush();
		this.jdbc.query(PAID_WITHOUT_FLOW, (RowCallbackHandler) rs -> visitor.paidOrderWithoutFlow(order(rs, "")), from,
				to);
		this.jdbc.query(TOP_UPS, (RowCallbackHandler) rs -> visitor.topUp(flow(rs)), from, to);
		this.jdbc.query(ACCOUNTS, (RowCallbackHandler) rs -> visitor.account(new Account(rs.getLong("user_id"),
				rs.getBigDecimal("balance"), rs.getBigDecimal("since_from"))), from, from, to);
	}

	/** Collects consecutive rows of one business number and hands them over when the number changes. */
	private static final class Groups implements RowCallbackHandler {

		private final LedgerVisitor visitor;

		private final List<Flow> flows = new ArrayList<>();

		private String bizNo;

		private Order order;

		Groups(LedgerVisitor visitor) {
			this.visitor = visitor;
		}

		@Override
		public void processRow(ResultSet rs) throws SQLException {
			String base = rs.getString("base");
			if (!base.equals(this.bizNo)) {
				flush();
				this.bizNo = base;
				String orderNo = rs.getString("order_no");
				// the join may match another case of the number; identifiers are byte-exact (DESIGN.md)
				this.order = (orderNo != null && orderNo.equals(base)) ? order(rs, "order_") : null;
			}
			this.flows.add(flow(rs));
		}

		void flush() {
			if (this.bizNo != null) {
				this.visitor.bizNo(this.bizNo, List.copyOf(this.flows), this.order);
			}
			this.flows.clear();
			this.bizNo = null;
			this.order = null;
		}

	}

	private static Flow flow(ResultSet rs) throws SQLException {
		return new Flow(rs.getLong("id"), rs.getLong("user_id"), rs.getBigDecimal("amount"), rs.getString("biz_no"),
				rs.getString("type"), rs.getObject("reverses_flow_id", Long.class),
				rs.getTimestamp("created_at").toInstant());
	}

	/** An order from columns {@code order_no, <prefix>user_id, <prefix>amount, currency, status}. */
	private static Order order(ResultSet rs, String prefix) throws SQLException {
		BigDecimal amount = rs.getBigDecimal(prefix + "amount");
		return new Order(rs.getString("order_no"), rs.getLong(prefix + "user_id"), amount, rs.getString("currency"),
				rs.getString("status"));
	}

}
