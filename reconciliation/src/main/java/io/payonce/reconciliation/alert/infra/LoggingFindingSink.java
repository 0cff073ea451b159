package io.payonce.reconciliation.alert.infra;

import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Always on. DUPLICATE and MISMATCH are money taken wrongly: ERROR. MISSING may still heal (a deduction in
 * the retry ladder): WARN. Its settlement (the deduction came late): INFO. Log shippers alert on the logger name {@code io.payonce.reconciliation.ALERT}.
 */
final class LoggingFindingSink implements FindingSink {

	private static final Logger log = LoggerFactory.getLogger("io.payonce.reconciliation.ALERT");

	@Override
	public void raise(Finding finding) {
		if (finding.settles()) {
			log.info("{} [{}]", finding.summary(), finding.findingId());
		}
		else if (finding.kind() == FindingKind.MISSING) {
			log.warn("{} [{}]", finding.summary(), finding.findingId());
		}
		else {
			log.error("{} [{}]", finding.summary(), finding.findingId());
		}
	}

}
