package io.payonce.reconciliation.audit;

import io.payonce.reconciliation.audit.AuditReport.AccountLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoLine;

/** Where the lines of an audit go as they are found: a file being written, or a list in a test. */
public interface ReportSink {

	void finding(AuditFinding finding);

	void bizNo(BizNoLine line);

	void account(AccountLine line);

}
