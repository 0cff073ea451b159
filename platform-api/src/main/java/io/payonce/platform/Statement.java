package io.payonce.platform;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * A platform's statement of one UTC day as read from its file: every line is either a {@link Line row} or an
 * {@link LineError error}, nothing is dropped. Whether a statement with errors is imported (and how) is the
 * importer's decision; {@link #isClean()} says whether there is any.
 * @param sha256 hex SHA-256 of the file's bytes: the identity of the file, for an import that must happen once
 * per file
 * @param rows the readable payment lines, in file order
 * @param totals the file's own summary, one per currency, as written (checked against the rows: a difference is
 * an error)
 * @param errors every line that could not be read, and every summary that does not match the rows
 */
public record Statement(LocalDate day, String sha256, List<Line> rows, List<CurrencyTotal> totals,
		List<LineError> errors) {

	public Statement {
		Objects.requireNonNull(day, "day");
		Objects.requireNonNull(sha256, "sha256");
		rows = List.copyOf(rows);
		totals = List.copyOf(totals);
		errors = List.copyOf(errors);
	}

	public boolean isClean() {
		return this.errors.isEmpty();
	}

	/** The payment rows without their line numbers. */
	public List<StatementRow> payments() {
		return this.rows.stream().map(Line::row).toList();
	}

	/** A payment row and the line (1-based, the header is line 1) it was read from. */
	public record Line(int number, StatementRow row) {

	}

	/** The summary of one currency: how many payments, their amounts and fees. */
	public record CurrencyTotal(String currency, int count, BigDecimal amount, BigDecimal fee) {

	}

	/**
	 * A line that could not be read or does not add up.
	 * @param number the line (1-based); one past the last line for "something is missing at the end"
	 * @param field the column at fault, or {@code null} for the line as a whole
	 */
	public record LineError(int number, String field, String message) {

		@Override
		public String toString() {
			return "line " + this.number + (this.field == null ? "" : " (" + this.field + ")") + ": " + this.message;
		}

	}

}
