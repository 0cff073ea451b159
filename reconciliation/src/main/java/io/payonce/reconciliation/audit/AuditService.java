package io.payonce.reconciliation.audit;

import java.time.Clock;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs one audit: read the ledger snapshot, apply the rules, archive Markdown and CSV. */
public final class AuditService {

	private static final Logger log = LoggerFactory.getLogger(AuditService.class);

	private final LedgerReader ledger;

	private final ReportArchive archive;

	private final Clock clock;

	private final LedgerAudit rules = new LedgerAudit();

	public AuditService(LedgerReader ledger, ReportArchive archive, Clock clock) {
		this.ledger = ledger;
		this.archive = archive;
		this.clock = clock;
	}

	/** The report with its rendered forms and where they were archived. */
	public record Result(AuditReport report, String markdown, String csv, List<String> archivedAs) {

	}

	public Result run(AuditPeriod period) {
		AuditReport report = this.rules.audit(period, this.ledger.read(period), this.clock.instant());
		String markdown = AuditReportFormat.markdown(report);
		String csv = AuditReportFormat.csv(report);
		List<String> archived = this.archive.store(report, markdown, csv);
		if (report.balanced()) {
			log.info("Ledger audit {} – {} balanced ({} biz_no, {} accounts), archived as {}", period.from(),
					period.to(), report.bizNos().size(), report.accounts().size(), archived);
		}
		else {
			log.warn("Ledger audit {} – {}: {} finding(s), archived as {}", period.from(), period.to(),
					report.findings().size(), archived);
		}
		return new Result(report, markdown, csv, archived);
	}

}
