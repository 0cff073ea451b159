package io.payonce.reconciliation.statement.spring;

import java.util.EnumMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.statement.StatementAlerts;
import io.payonce.reconciliation.statement.StatementFinding;
import io.payonce.reconciliation.statement.StatementReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An import's findings as log lines and counters: {@code payonce.reconciliation.statement.findings} (tag
 * {@code kind}), {@code payonce.reconciliation.statement.unbalanced} (an import whose totals do not balance) and
 * {@code payonce.reconciliation.statement.line_errors}. An UNKNOWN_PAYMENT, an unconfirmed MISSING_CALLBACK and
 * unbalanced totals are ERROR lines (someone must look today); the others WARN. At most {@value #LINES_PER_KIND}
 * lines per kind and import: the report has every one.
 */
final class LogAndMeterStatementAlerts implements StatementAlerts {

	private static final Logger log = LoggerFactory.getLogger(LogAndMeterStatementAlerts.class);

	static final int LINES_PER_KIND = 50;

	static final String FINDINGS = "payonce.reconciliation.statement.findings";

	private final MeterRegistry meters;

	private final Counter unbalanced;

	private final Counter lineErrors;

	LogAndMeterStatementAlerts(MeterRegistry meters) {
		this.meters = meters;
		for (StatementFinding.Kind kind : StatementFinding.Kind.values()) {
			findings(kind);
		}
		this.unbalanced = Counter.builder("payonce.reconciliation.statement.unbalanced")
			.description("Statement imports whose totals do not balance")
			.register(meters);
		this.lineErrors = Counter.builder("payonce.reconciliation.statement.line_errors")
			.description("Unreadable statement lines")
			.register(meters);
	}

	@Override
	public void raise(StatementReport report) {
		Map<StatementFinding.Kind, Integer> logged = new EnumMap<>(StatementFinding.Kind.class);
		for (StatementFinding finding : report.findings()) {
			findings(finding.kind()).increment();
			if (logged.merge(finding.kind(), 1, Integer::sum) > LINES_PER_KIND) {
				continue;
			}
			boolean severe = finding.kind() == StatementFinding.Kind.UNKNOWN_PAYMENT
					|| "NOT_CONFIRMED".equals(finding.repair());
			String line = "Statement {} line {}: {} payment {} of order {} ({} statement {}, recorded {}), repair {}: {}";
			Object[] args = { report.day(), finding.line(), finding.kind(), finding.payNo(), finding.orderNo(),
					finding.currency(), finding.statementAmount(), finding.recordedAmount(), finding.repair(),
					finding.detail() };
			if (severe) {
				log.error(line, args);
			}
			else {
				log.warn(line, args);
			}
		}
		this.lineErrors.increment(report.errors().size());
		report.errors().forEach((error) -> log.warn("Statement {}: unreadable {}", report.day(), error));
		if (!report.balanced()) {
			this.unbalanced.increment();
			log.error("Statement {} ({}): totals do not balance: {}", report.day(), report.sha256(), report.balances());
		}
		log.info("Statement {} ({}) imported by {}: {} rows, {} unreadable lines, {} findings, balanced {}", report.day(),
				report.sha256(), report.operator(), report.rows(), report.errors().size(), report.findings().size(),
				report.balanced());
	}

	private Counter findings(StatementFinding.Kind kind) {
		return Counter.builder(FINDINGS)
			.description("Statement reconciliation findings")
			.tag("kind", kind.name().toLowerCase())
			.register(this.meters);
	}

}
