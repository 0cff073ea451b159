package io.payonce.reconciliation.audit;

import java.util.List;

/** Port: keeps each report's Markdown and CSV (files in a directory, in this service). */
public interface ReportArchive {

	/** @return where the report went, for the log and the API answer */
	List<String> store(AuditReport report, String markdown, String csv);

}
