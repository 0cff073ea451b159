package io.payonce.reconciliation.audit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one audit: stream the ledger of the period through the rules into the archive's report files, then put
 * the report in place. Bounded twice: a period longer than {@code maxSpan} is refused before anything is read,
 * and what is read is never held whole (one business number at a time, two sums per user, the report on disk).
 */
public final class AuditService {

	private static final Logger log = LoggerFactory.getLogger(AuditService.class);

	private final LedgerReader ledger;

	private final ReportArchive archive;

	private final Clock clock;

	private final Duration maxSpan;

	private final LedgerAudit rules = new LedgerAudit();

	public AuditService(LedgerReader ledger, ReportArchive archive, Clock clock, Duration maxSpan) {
		this.ledger = ledger;
		this.archive = archive;
		this.clock = clock;
		this.maxSpan = maxSpan;
	}

	/** The verdict and where the report was archived (the files to send). */
	public record Result(AuditSummary summary, ReportArchive.Archived archived) {

	}

	/** @throws SpanTooLongException if the period is longer than the configured maximum */
	public Result run(AuditPeriod period) {
		if (period.span().compareTo(this.maxSpan) > 0) {
			throw new SpanTooLongException(period, this.maxSpan);
		}
		Instant generatedAt = this.clock.instant();
		try (ReportArchive.Report report = this.archive.open(period, generatedAt)) {
			LedgerAudit.Run run = this.rules.start(period, generatedAt, report);
			this.ledger.read(period, run);
			AuditSummary summary = run.finish();
			ReportArchive.Archived archived = report.complete(summary);
			if (summary.balanced()) {
				log.info("Ledger audit {} – {} balanced ({} biz_no, {} accounts), archived as {}", period.from(),
						period.to(), summary.bizNos(), summary.accounts(), archived);
			}
			else {
				log.warn("Ledger audit {} – {}: {} finding(s), archived as {}", period.from(), period.to(),
						summary.findings(), archived);
			}
			return new Result(summary, archived);
		}
	}

	/** A period longer than the service audits in one go ({@code payonce.reconciliation.audit.max-span}). */
	public static final class SpanTooLongException extends IllegalArgumentException {

		private final Duration maxSpan;

		SpanTooLongException(AuditPeriod period, Duration maxSpan) {
			super("The period from " + period.from() + " to " + period.to() + " spans " + days(period.span())
					+ ", more than the " + days(maxSpan) + " of payonce.reconciliation.audit.max-span:"
					+ " ask for an earlier 'to', or audit the span in parts");
			this.maxSpan = maxSpan;
		}

		public Duration maxSpan() {
			return this.maxSpan;
		}

		private static String days(Duration span) {
			long days = span.toDays();
			return (span.equals(Duration.ofDays(days))) ? days + " days" : span.toString();
		}

	}

}
