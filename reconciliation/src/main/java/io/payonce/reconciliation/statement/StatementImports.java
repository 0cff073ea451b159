package io.payonce.reconciliation.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * Port: one row per statement file ({@code t_statement_import}, keyed by the file's SHA-256), so that a file is
 * imported once. Claims are CAS on the row's status.
 */
public interface StatementImports {

	/**
	 * Claims the file for an import: a new row {@code IMPORTING}, or one whose earlier import did not finish
	 * ({@code INCOMPLETE}, or {@code IMPORTING} since before {@code staleBefore}: its importer died).
	 * @return empty when claimed; otherwise the row that holds the file ({@code DONE}, or an import under way)
	 */
	Optional<ImportRecord> claim(String sha256, LocalDate day, String operator, String channel, Instant now,
			Instant staleBefore);

	/** CAS {@code IMPORTING → DONE | INCOMPLETE} with what the import found and where its report is. */
	void finish(String sha256, Status status, int rows, int errors, int findings, String report, Instant now);

	enum Status {

		IMPORTING, DONE, INCOMPLETE

	}

	/** A file's import as recorded. */
	record ImportRecord(String sha256, LocalDate day, Status status, String operator, String channel,
			Instant startedAt, Instant finishedAt, String report) {

	}

}
