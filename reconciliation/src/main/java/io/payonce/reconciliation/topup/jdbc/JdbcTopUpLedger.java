package io.payonce.reconciliation.topup.jdbc;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.Optional;

import io.payonce.reconciliation.topup.TopUpAuditEntry;
import io.payonce.reconciliation.topup.TopUpLedger;
import io.payonce.reconciliation.topup.TopUpService;
import io.payonce.reconciliation.jdbc.Inserts;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JDBC on the trade schema, as the reconciliation's own user (R__reconciliation_grants.sql: INSERT on the flows,
 * UPDATE of {@code balance, updated_at} on accounts, SELECT and INSERT on {@code t_top_up_audit}). Three rows per
 * top-up in one transaction; never an UPDATE or DELETE of a flow.
 */
public final class JdbcTopUpLedger implements TopUpLedger {

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transaction;

	public JdbcTopUpLedger(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.transaction = new TransactionTemplate(transactions);
	}

	@Override
	public Optional<BookedTopUp> topUp(String reference) {
		return this.jdbc
			.query("SELECT id, user_id, amount FROM t_account_flow WHERE biz_no = ? AND type = ?",
					(rs, row) -> new BookedTopUp(rs.getLong("id"), rs.getLong("user_id"), rs.getBigDecimal("amount")),
					reference, TopUpService.TOP_UP)
			.stream()
			.findFirst();
	}

	@Override
	public Optional<String> accountCurrency(long userId) {
		return this.jdbc.queryForList("SELECT currency FROM t_account WHERE user_id = ?", String.class, userId)
			.stream()
			.findFirst();
	}

	@Override
	public Posted post(TopUpAuditEntry entry) {
		// the service's clock: the flow, the account's updated_at and the audit row carry the same instant
		Timestamp at = Timestamp.from(entry.requestedAt());
		return this.transaction.execute(status -> {
			long flowId;
			try {
				// The last wall: uk_biz_no_type admits one (reference, TOP_UP); a concurrent request with the same
				// reference blocks on this insert until we commit, then fails here and writes nothing.
				flowId = insert("INSERT INTO t_account_flow (user_id, amount, biz_no, type, created_at)"
						+ " VALUES (?, ?, ?, ?, ?)", entry.userId(), entry.amount(), entry.reference(),
						TopUpService.TOP_UP, at);
			}
			catch (DuplicateKeyException ex) {
				throw new ReferenceTakenException(entry.reference() + " has its top-up", ex);
			}
			// The credit is the flow row's own amount, and only on an account of the request's currency.
			int credited = this.jdbc.update("UPDATE t_account a JOIN t_account_flow f ON f.id = ?"
					+ " SET a.balance = a.balance + f.amount, a.updated_at = ?"
					+ " WHERE a.user_id = f.user_id AND a.currency = ?", flowId, at, entry.currency());
			if (credited != 1) {
				// throwing rolls the flow back: no top-up without its credit
				throw new AccountChangedException(
						"no account of user " + entry.userId() + " in " + entry.currency() + " to credit");
			}
			BigDecimal balance = this.jdbc.queryForObject("SELECT balance FROM t_account WHERE user_id = ?",
					BigDecimal.class, entry.userId());
			long auditId = insertAudit(new TopUpAuditEntry(entry.requestedAt(), entry.operator(), entry.userId(),
					entry.reference(), entry.amount(), entry.currency(), entry.reason(), entry.outcome(), flowId,
					entry.detail()));
			return new Posted(flowId, balance, auditId);
		});
	}

	@Override
	public long audit(TopUpAuditEntry entry) {
		return this.transaction.execute(status -> insertAudit(entry));
	}

	private long insertAudit(TopUpAuditEntry entry) {
		return insert("INSERT INTO t_top_up_audit (requested_at, operator, user_id, reference, amount, currency, reason,"
				+ " outcome, flow_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Timestamp.from(entry.requestedAt()),
				entry.operator(), entry.userId(), entry.reference(), entry.amount(), entry.currency(), entry.reason(),
				entry.outcome().name(), entry.flowId(), Inserts.detail(entry.detail()));
	}

	private long insert(String sql, Object... args) {
		return Inserts.insert(this.jdbc, sql, args);
	}

}
