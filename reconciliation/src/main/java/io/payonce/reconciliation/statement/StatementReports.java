package io.payonce.reconciliation.statement;

/** Port: keeps an import's report (Markdown and CSV) and says where. */
public interface StatementReports {

	/** @return the report's name (its files are {@code <name>.md} and {@code <name>.csv}) */
	String keep(StatementReport report);

}
