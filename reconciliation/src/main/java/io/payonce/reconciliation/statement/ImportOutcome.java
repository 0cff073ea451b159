package io.payonce.reconciliation.statement;

/**
 * What an import request came to.
 * @param report this import's report; {@code null} when the file was imported before or is being imported
 * @param earlier the row of the earlier import when nothing was done now
 */
public record ImportOutcome(Result result, StatementReport report, StatementImports.ImportRecord earlier,
		String reportName) {

	public enum Result {

		/** Imported now: matched, repaired, reported. */
		IMPORTED,

		/** Imported now, but some repair got no verdict (platform or gateway down): a re-import of the file retries. */
		INCOMPLETE,

		/** The same file (same SHA-256) was imported before: nothing changed. */
		ALREADY_IMPORTED,

		/** Another import of the same file is under way: nothing changed. */
		IN_PROGRESS

	}

}
