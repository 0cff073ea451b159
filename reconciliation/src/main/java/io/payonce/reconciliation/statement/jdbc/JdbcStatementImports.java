package io.payonce.reconciliation.statement.jdbc;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.payonce.reconciliation.statement.StatementImports;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * {@code t_statement_import} with plain SQL, each statement in its own (auto-commit) transaction: the claim is the
 * primary key (a second claimant's insert is refused) or a CAS on status, so two imports of one file never both run.
 */
public final class JdbcStatementImports implements StatementImports {

	private final JdbcTemplate jdbc;

	public JdbcStatementImports(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Optional<ImportRecord> claim(String sha256, LocalDate day, String operator, String channel, Instant now,
			Instant staleBefore) {
		try {
			this.jdbc.update("""
					INSERT INTO t_statement_import (sha256, statement_day, status, operator, channel, started_at)
					VALUES (?, ?, 'IMPORTING', ?, ?, ?)""", sha256, Date.valueOf(day), operator, channel,
					Timestamp.from(now));
			return Optional.empty();
		}
		catch (DuplicateKeyException ex) {
			// the file is known: take it over only if its import did not finish (CAS on what makes it so)
			int rows = this.jdbc.update("""
					UPDATE t_statement_import SET status = 'IMPORTING', operator = ?, channel = ?, started_at = ?,
					       finished_at = NULL
					WHERE sha256 = ? AND (status = 'INCOMPLETE' OR (status = 'IMPORTING' AND started_at < ?))""",
					operator, channel, Timestamp.from(now), sha256, Timestamp.from(staleBefore));
			if (rows == 1) {
				return Optional.empty();
			}
			return Optional.of(read(sha256));
		}
	}

	@Override
	public void finish(String sha256, Status status, int rows, int errors, int findings, String report, Instant now) {
		// CAS: only the import that holds the claim finishes it
		int updated = this.jdbc.update("""
				UPDATE t_statement_import SET status = ?, finished_at = ?, rows_read = ?, line_errors = ?, findings = ?,
				       report = ?
				WHERE sha256 = ? AND status = 'IMPORTING'""", status.name(), Timestamp.from(now), rows, errors, findings,
				report, sha256);
		if (updated != 1) {
			throw new IllegalStateException("import of " + sha256 + " was taken over meanwhile (stale claim)");
		}
	}

	@Override
	public Set<LocalDate> importedDays(LocalDate from, LocalDate to) {
		return new HashSet<>(this.jdbc.query("""
				SELECT DISTINCT statement_day FROM t_statement_import
				WHERE statement_day BETWEEN ? AND ? AND status = 'DONE'""",
				(rs, row) -> rs.getDate("statement_day").toLocalDate(), Date.valueOf(from), Date.valueOf(to)));
	}

	@Override
	public Optional<LocalDate> lastImportedDay() {
		Date day = this.jdbc.queryForObject("SELECT MAX(statement_day) FROM t_statement_import WHERE status = 'DONE'",
				Date.class);
		return Optional.ofNullable(day).map(Date::toLocalDate);
	}

	@Override
	public List<ImportSummary> list(LocalDate from, LocalDate to, int limit) {
		return this.jdbc.query("""
				SELECT sha256, statement_day, status, operator, channel, started_at, finished_at, report, rows_read,
				       line_errors, findings
				FROM t_statement_import WHERE statement_day BETWEEN ? AND ?
				ORDER BY statement_day DESC, started_at DESC LIMIT ?""",
				(rs, row) -> new ImportSummary(RECORD.mapRow(rs, row), rs.getObject("rows_read", Integer.class),
						rs.getObject("line_errors", Integer.class), rs.getObject("findings", Integer.class)),
				Date.valueOf(from), Date.valueOf(to), limit);
	}

	private static final RowMapper<ImportRecord> RECORD = (rs, row) -> new ImportRecord(rs.getString("sha256"),
			rs.getDate("statement_day").toLocalDate(), Status.valueOf(rs.getString("status")), rs.getString("operator"),
			rs.getString("channel"), rs.getTimestamp("started_at").toInstant(),
			(rs.getTimestamp("finished_at") != null) ? rs.getTimestamp("finished_at").toInstant() : null,
			rs.getString("report"));

	private ImportRecord read(String sha256) {
		return this.jdbc.queryForObject("""
				SELECT sha256, statement_day, status, operator, channel, started_at, finished_at, report
				FROM t_statement_import WHERE sha256 = ?""", RECORD, sha256);
	}

}
