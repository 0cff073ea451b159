package io.payonce.reconciliation.reversal.jdbc;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Optional;

import io.payonce.reconciliation.reversal.LedgerFlow;
import io.payonce.reconciliation.reversal.ReversalAuditEntry;
import io.payonce.reconciliation.reversal.ReversalLedger;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JDBC on the trade schema. Writes exactly three rows per reversal in one transaction: the reversal flow
 * (insert-only), the balance credit ({@code balance = balance + ?}, never a computed value from Java) and the
 * audit row. It never issues an UPDATE or DELETE on {@code t_account_flow}.
 */
public final class JdbcReversalLedger implements ReversalLedger {

	private static final RowMapper<LedgerFlow> FLOW = (rs, row) -> new LedgerFlow(rs.getLong("id"),
			rs.getLong("user_id"), rs.getBigDecimal("amount"), rs.getString("biz_no"), rs.getString("type"));

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transaction;

	public JdbcReversalLedger(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.transaction = new TransactionTemplate(transactions);
	}

	@Override
	public Optional<LedgerFlow> flow(long flowId) {
		return this.jdbc.query("SELECT id, user_id, amount, biz_no, type FROM t_account_flow WHERE id = ?", FLOW, flowId)
			.stream()
			.findFirst();
	}

	@Override
	public List<LedgerFlow> flowsOf(String bizNo) {
		return this.jdbc.query(
				"SELECT id, user_id, amount, biz_no, type FROM t_account_flow WHERE biz_no IN (?, ?) ORDER BY id", FLOW,
				bizNo, bizNo + "-REVERSE");
	}

	@Override
	public Posted postReversal(LedgerFlow reversal, ReversalAuditEntry audit) {
		// the service's clock, like the consumer's flows: the flow and its audit row carry the same instant
		Timestamp at = Timestamp.from(audit.requestedAt());
		return this.transaction.execute(status -> {
			long flowId;
			try {
				// the last wall: uk_biz_no_type admits one (<biz_no>-REVERSE, REVERSE_DEDUCT); a concurrent
				// request blocks on this insert until we commit, then fails here and rolls back
				flowId = insert(
						"INSERT INTO t_account_flow (user_id, amount, biz_no, type, created_at) VALUES (?, ?, ?, ?, ?)",
						reversal.userId(), reversal.amount(), reversal.bizNo(), reversal.type(), at);
			}
			catch (DuplicateKeyException ex) {
				throw new AlreadyReversedException(reversal.bizNo() + " exists", ex);
			}
			int credited = this.jdbc.update("UPDATE t_account SET balance = balance + ?, updated_at = ? WHERE user_id = ?",
					reversal.amount(), at, reversal.userId());
			if (credited != 1) {
				// throwing rolls the flow back: no reversal without its credit
				throw new AccountNotFoundException("no account for user " + reversal.userId());
			}
			long auditId = insertAudit(new ReversalAuditEntry(audit.requestedAt(), audit.operator(), audit.channel(),
					audit.flowId(), audit.bizNo(), audit.reason(), audit.outcome(), flowId, audit.amount(),
					audit.detail()));
			return new Posted(flowId, auditId);
		});
	}

	@Override
	public long audit(ReversalAuditEntry entry) {
		return this.transaction.execute(status -> insertAudit(entry));
	}

	private long insertAudit(ReversalAuditEntry entry) {
		return insert("INSERT INTO t_reversal_audit (requested_at, operator, channel, flow_id, biz_no, reason, outcome,"
				+ " reversal_flow_id, amount, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
				Timestamp.from(entry.requestedAt()), entry.operator(), entry.channel().name(), entry.flowId(),
				entry.bizNo(), entry.reason(), entry.outcome().name(), entry.reversalFlowId(), entry.amount(),
				truncate(entry.detail()));
	}

	private long insert(String sql, Object... args) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.update(connection -> {
			PreparedStatement statement = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS);
			for (int i = 0; i < args.length; i++) {
				if (args[i] == null) {
					statement.setNull(i + 1, Types.NULL);
				}
				else {
					statement.setObject(i + 1, args[i]);
				}
			}
			return statement;
		}, keys);
		return keys.getKey().longValue();
	}

	private static String truncate(String text) {
		return (text == null || text.length() <= 512) ? text : text.substring(0, 509) + "...";
	}

}
