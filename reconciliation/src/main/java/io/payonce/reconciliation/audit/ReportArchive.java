package io.payonce.reconciliation.audit;

import java.nio.file.Path;
import java.time.Instant;

/**
 * Port: keeps each report's Markdown and CSV (files in a directory, in this service), written while the audit
 * runs, so that no report is ever held whole in memory.
 */
public interface ReportArchive {

	/** A report to write into; nothing of it is visible until {@link Report#complete}. */
	Report open(AuditPeriod period, Instant generatedAt);

	/** A report being written: its lines arrive as a {@link ReportSink}, the verdict at the end. */
	interface Report extends ReportSink, AutoCloseable {

		/** Puts the finished report in place, whole or not at all. */
		Archived complete(AuditSummary summary);

		/** Releases what an unfinished report left behind; after {@link #complete}, nothing. */
		@Override
		void close();

	}

	/** A finished report: its files, to be sent as they are. */
	record Archived(Path markdown, Path csv) {

	}

}
