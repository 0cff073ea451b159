package io.payonce.reconciliation.audit.file;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.audit.AuditReport;
import io.payonce.reconciliation.audit.AuditReportFormat;
import io.payonce.reconciliation.audit.AuditSummary;
import io.payonce.reconciliation.audit.LedgerAudit;
import io.payonce.reconciliation.audit.LedgerSnapshot;
import io.payonce.reconciliation.audit.LedgerSnapshot.Account;
import io.payonce.reconciliation.audit.LedgerSnapshot.Flow;
import io.payonce.reconciliation.audit.LedgerSnapshot.Order;
import io.payonce.reconciliation.audit.ReportArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A report written line by line while the ledger is read is the same report as one rendered whole. */
class FileReportArchiveTest {

	private static final Instant FROM = Instant.parse("2026-09-28T00:00:00Z");

	private static final AuditPeriod DAY = new AuditPeriod(FROM, FROM.plusSeconds(86_400));

	@TempDir
	Path dir;

	@Test
	void theStreamedReportIsTheWholeReportAndNothingElseIsLeftBehind() throws IOException {
		// given a ledger with a duplicate, a paid order without a flow and two accounts
		LedgerSnapshot ledger = new LedgerSnapshot(
				List.of(flow(1001, 10086, "-199.00", "P1", "PAY_DEDUCT"), flow(1002, 10086, "-199.00", "P1", "LEGACY"),
						flow(1003, 10087, "-5.00", "Q1", "PAY_DEDUCT")),
				List.of(paid("P1", 10086, "199.00"), paid("Q1", 10087, "5.00")), List.of(paid("R1", 10087, "7.00")),
				List.of(account(10086, "602.00", "-398.00"), account(10087, "95.00", "-5.00")));
		AuditReport whole = new LedgerAudit().audit(DAY, ledger, FROM);

		// when the same audit streams into the archive
		AuditSummary summary;
		ReportArchive.Archived archived;
		try (ReportArchive.Report report = new FileReportArchive(this.dir).open(DAY, FROM)) {
			LedgerAudit.Run run = new LedgerAudit().start(DAY, FROM, report);
			run.bizNo("P1", ledger.flows().subList(0, 2), ledger.orders().get(0));
			run.bizNo("Q1", ledger.flows().subList(2, 3), ledger.orders().get(1));
			run.paidOrderWithoutFlow(ledger.paidOrdersWithoutFlow().get(0));
			ledger.accounts().forEach(run::account);
			summary = run.finish();
			archived = report.complete(summary);
		}

		// then
		assertThat(summary.findings()).isEqualTo(whole.findings().size()).isEqualTo(3);
		assertThat(summary.balanced()).isFalse();
		assertThat(Files.readString(archived.markdown())).isEqualTo(AuditReportFormat.markdown(whole));
		assertThat(Files.readString(archived.csv())).isEqualTo(AuditReportFormat.csv(whole));
		assertThat(files()).containsExactlyInAnyOrder(archived.markdown().getFileName().toString(),
				archived.csv().getFileName().toString());
	}

	@Test
	void aBalancedReportSaysNoneUnderFindings() throws IOException {
		ReportArchive.Archived archived;
		try (ReportArchive.Report report = new FileReportArchive(this.dir).open(DAY, FROM)) {
			archived = report.complete(new LedgerAudit().start(DAY, FROM, report).finish());
		}

		assertThat(Files.readString(archived.markdown())).contains("Result: **BALANCED**", "## Findings\n\nNone.\n");
	}

	@Test
	void aReportThatFailsHalfwayLeavesNoFile() throws IOException {
		try (ReportArchive.Report report = new FileReportArchive(this.dir).open(DAY, FROM)) {
			new LedgerAudit().start(DAY, FROM, report)
				.bizNo("P1", List.of(flow(1001, 10086, "-1.00", "P1", "PAY_DEDUCT")), null);
			// the reader fails here: complete() is never called
		}

		assertThat(files()).isEmpty();
	}

	private List<String> files() throws IOException {
		try (Stream<Path> files = Files.list(this.dir)) {
			return files.map(file -> file.getFileName().toString()).toList();
		}
	}

	private static Flow flow(long id, long user, String amount, String bizNo, String type) {
		return new Flow(id, user, new BigDecimal(amount), bizNo, type, null, FROM.plusSeconds(id));
	}

	private static Order paid(String orderNo, long user, String amount) {
		return new Order(orderNo, user, new BigDecimal(amount), "CNY", "PAID");
	}

	private static Account account(long user, String balance, String flowsSinceFrom) {
		return new Account(user, new BigDecimal(balance), new BigDecimal(flowsSinceFrom));
	}

}
