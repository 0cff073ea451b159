package io.payonce.reconciliation.reversal.jdbc;

import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;

import io.payonce.reconciliation.reversal.LedgerFlow;
import io.payonce.reconciliation.reversal.ReversalAuditEntry;
import io.payonce.reconciliation.reversal.ReversalBooked;
import io.payonce.reconciliation.reversal.ReversalOutcome;
import io.payonce.reconciliation.reversal.ReversalLedger;
import io.payonce.reconciliation.reversal.Reversals;
import io.payonce.reconciliation.jdbc.Inserts;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JDBC on the trade schema. Writes exactly three rows per reversal in one transaction: the reversal flow
 * (insert-only), the balance credit ({@code balance = balance + ?}, never a computed value from Java) and the
 * audit row. It never issues an UPDATE or DELETE on {@code t_account_flow}.
 */
public final class JdbcReversalLedger implements ReversalLedger {

	private static final String COLUMNS = "id, user_id, amount, biz_no, type, reverses_flow_id";

	private static final RowMapper<LedgerFlow> FLOW = (rs, row) -> new LedgerFlow(rs.getLong("id"),
			rs.getLong("user_id"), rs.getBigDecimal("amount"), rs.getString("biz_no"), rs.getString("type"),
			rs.getObject("reverses_flow_id", Long.class));

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transaction;

	public JdbcReversalLedger(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.transaction = new TransactionTemplate(transactions);
	}

	@Override
	public Optional<LedgerFlow> flow(long flowId) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM t_account_flow WHERE id = ?", FLOW, flowId)
			.stream()
			.findFirst();
	}

	@Override
	public List<LedgerFlow> flowsOf(String bizNo) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM t_account_flow WHERE biz_no = ?"
				+ " OR (biz_no = ? AND type = ? AND reverses_flow_id IS NULL) ORDER BY id", FLOW, bizNo,
				bizNo + Reversals.LEGACY_SUFFIX, Reversals.REVERSE_DEDUCT);
	}

	@Override
	public Posted postReversal(LedgerFlow original, ReversalAuditEntry audit) {
		// the service's clock, like the consumer's flows: the flow and its audit row carry the same instant
		Timestamp at = Timestamp.from(audit.requestedAt());
		return this.transaction.execute(status -> {
			long flowId;
			try {
				// Derived from the original row in this statement: its user, its biz_no, the opposite of its amount,
				// only for a debit that is not itself a reversal. The last walls: uk_biz_no_type admits one
				// (biz_no, REVERSE_DEDUCT), uk_flow_reverses one reversal per flow; a concurrent request blocks on
				// this insert until we commit, then fails here and rolls back.
				flowId = insert("INSERT INTO t_account_flow (user_id, amount, biz_no, type, pay_no, reverses_flow_id,"
						+ " created_at) SELECT user_id, -amount, biz_no, ?, pay_no, id, ? FROM t_account_flow"
						+ " WHERE id = ? AND amount < 0 AND type <> ?", Reversals.REVERSE_DEDUCT, at, original.id(),
						Reversals.REVERSE_DEDUCT);
			}
			catch (DuplicateKeyException ex) {
				throw new AlreadyReversedException(original.bizNo() + " has a reversal", ex);
			}
			// The credit is the reversal row's own amount: never a value computed in Java.
			int credited = this.jdbc.update("UPDATE t_account a JOIN t_account_flow r ON r.id = ?"
					+ " SET a.balance = a.balance + r.amount, a.updated_at = ? WHERE a.user_id = r.user_id", flowId, at);
			if (credited != 1) {
				// throwing rolls the flow back: no reversal without its credit
				throw new AccountNotFoundException("no account for user " + original.userId());
			}
			long auditId = insertAudit(new ReversalAuditEntry(audit.requestedAt(), audit.operator(), audit.channel(),
					audit.flowId(), audit.bizNo(), audit.reason(), audit.outcome(), flowId, audit.amount(),
					audit.detail()));
			return new Posted(flowId, auditId);
		});
	}

	@Override
	public Optional<ReversalBooked> booked(LedgerFlow reversal) {
		if (reversal.reversesFlowId() == null) {
			return Optional.empty();
		}
		return this.jdbc.query("SELECT requested_at, operator, channel, amount FROM t_reversal_audit"
				+ " WHERE reversal_flow_id = ? AND outcome = ? ORDER BY id LIMIT 1",
				(rs, row) -> new ReversalBooked(reversal.owner(), reversal.reversesFlowId(), reversal.id(),
						reversal.userId(), rs.getBigDecimal("amount"), rs.getString("operator"),
						rs.getString("channel"), rs.getTimestamp("requested_at").toInstant()),
				reversal.id(), ReversalOutcome.REVERSED.name())
			.stream()
			.findFirst();
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
				Inserts.detail(entry.detail()));
	}

	private long insert(String sql, Object... args) {
		return Inserts.insert(this.jdbc, sql, args);
	}

}
