package io.payonce.reconciliation.freeze.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.payonce.reconciliation.freeze.AccountFreeze;
import io.payonce.reconciliation.freeze.FreezeAuditEntry;
import io.payonce.reconciliation.freeze.FreezeLedger;
import io.payonce.reconciliation.freeze.FreezeRequest;
import io.payonce.reconciliation.freeze.FreezeStatus;
import io.payonce.reconciliation.jdbc.Inserts;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JDBC on the trade schema, as the reconciliation's own user (R__reconciliation_grants.sql: SELECT, INSERT, UPDATE on
 * {@code t_account_freeze}, SELECT and INSERT on {@code t_account_freeze_audit}). A change and its audit row share one
 * transaction; a freeze row is never deleted.
 */
public final class JdbcFreezeLedger implements FreezeLedger {

	private static final String COLUMNS = "user_id, status, version, changed_by, changed_at, reason, cause";

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transaction;

	public JdbcFreezeLedger(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.transaction = new TransactionTemplate(transactions);
	}

	@Override
	public Optional<AccountFreeze> find(long userId) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM t_account_freeze WHERE user_id = ?", JdbcFreezeLedger::row,
				userId).stream().findFirst();
	}

	@Override
	public List<AccountFreeze> frozen() {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM t_account_freeze WHERE status = 'FROZEN'"
				+ " ORDER BY changed_at DESC, user_id", JdbcFreezeLedger::row);
	}

	@Override
	public boolean accountExists(long userId) {
		Integer count = this.jdbc.queryForObject("SELECT COUNT(*) FROM t_account WHERE user_id = ?", Integer.class,
				userId);
		return count != null && count > 0;
	}

	@Override
	public OptionalLong change(Optional<AccountFreeze> before, FreezeStatus to, FreezeRequest request, Instant at,
			FreezeAuditEntry audit) {
		Timestamp when = Timestamp.from(at);
		Long auditId = this.transaction.execute(status -> {
			int changed;
			if (before.isEmpty()) {
				try {
					// The first freeze of an account, only if the account is there (0 rows: it is not); a concurrent
					// first freeze blocks on the primary key until we commit, then fails here and writes nothing.
					changed = this.jdbc.update("INSERT INTO t_account_freeze (" + COLUMNS + ")"
							+ " SELECT user_id, ?, 1, ?, ?, ?, ? FROM t_account WHERE user_id = ?", to.name(),
							request.operator(), when, request.reason(), request.cause(), request.userId());
				}
				catch (DuplicateKeyException ex) {
					return null;
				}
			}
			else {
				// CAS: only the state we read may change; 0 rows means someone else changed it first.
				changed = this.jdbc.update("""
						UPDATE t_account_freeze SET status = ?, version = version + 1, changed_by = ?, changed_at = ?,
						reason = ?, cause = ? WHERE user_id = ? AND status = ? AND version = ?""", to.name(),
						request.operator(), when, request.reason(), request.cause(), request.userId(),
						before.get().status().name(), before.get().version());
			}
			if (changed != 1) {
				return null;
			}
			return insertAudit(audit);
		});
		return (auditId == null) ? OptionalLong.empty() : OptionalLong.of(auditId);
	}

	@Override
	public long audit(FreezeAuditEntry audit) {
		return this.transaction.execute(status -> insertAudit(audit));
	}

	private long insertAudit(FreezeAuditEntry entry) {
		return Inserts.insert(this.jdbc, "INSERT INTO t_account_freeze_audit (requested_at, operator, user_id, action,"
				+ " reason, cause, outcome, status_before, status_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
				Timestamp.from(entry.requestedAt()), entry.operator(), entry.userId(), entry.action().name(),
				entry.reason(), entry.cause(), entry.outcome().name(), name(entry.before()), name(entry.after()));
	}

	private static String name(FreezeStatus status) {
		return (status == null) ? null : status.name();
	}

	private static AccountFreeze row(ResultSet rs, int i) throws SQLException {
		return new AccountFreeze(rs.getLong("user_id"), FreezeStatus.valueOf(rs.getString("status")),
				rs.getLong("version"), rs.getString("changed_by"), rs.getTimestamp("changed_at").toInstant(),
				rs.getString("reason"), rs.getString("cause"));
	}

}
