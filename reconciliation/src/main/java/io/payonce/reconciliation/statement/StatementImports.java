package io.payonce.reconciliation.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

	/** The days in {@code [from, to]} that have a finished ({@code DONE}) import, whatever its channel. */
	Set<LocalDate> importedDays(LocalDate from, LocalDate to);

	/** The newest day with a finished ({@code DONE}) import; empty when none. */
	Optional<LocalDate> lastImportedDay();

	/** The imports of the days in {@code [from, to]}, newest day first, at most {@code limit}. */
	List<ImportSummary> list(LocalDate from, LocalDate to, int limit);

	enum Status {

		IMPORTING, DONE, INCOMPLETE

	}

	/** A file's import as recorded. */
	record ImportRecord(String sha256, LocalDate day, Status status, String operator, String channel,
			Instant startedAt, Instant finishedAt, String report) {

	}

	/** A file's import with what it counted ({@code null} while it runs). */
	record ImportSummary(ImportRecord record, Integer rows, Integer lineErrors, Integer findings) {

	}

}
