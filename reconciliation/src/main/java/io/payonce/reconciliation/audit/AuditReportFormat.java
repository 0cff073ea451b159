package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

import io.payonce.reconciliation.audit.AuditReport.AccountLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoLine;

/** Markdown for people, CSV (RFC 4180, one {@code record} column per section) for spreadsheets. */
public final class AuditReportFormat {

	private AuditReportFormat() {
	}

	public static String markdown(AuditReport report) {
		StringBuilder md = new StringBuilder();
		md.append("# Ledger audit ").append(report.period().from()).append(" – ").append(report.period().to())
			.append("\n\n");
		md.append("Generated ").append(report.generatedAt()).append(". Result: **")
			.append(report.balanced() ? "BALANCED" : report.findings().size() + " FINDING(S)").append("**.\n\n");
		md.append("Opening balances are derived (balance now − flows since the period start); the trade schema ")
			.append("keeps no opening balance. Expected closing = opening − amounts of the PAID orders charged ")
			.append("in the period.\n\n");
		md.append("## Findings\n\n");
		if (report.findings().isEmpty()) {
			md.append("None.\n\n");
		}
		else {
			md.append("| kind | biz_no / user | user | amount | flows | detail |\n|---|---|---|---|---|---|\n");
			for (AuditFinding finding : report.findings()) {
				md.append("| ").append(finding.kind()).append(" | ").append(cell(finding.key())).append(" | ")
					.append(finding.userId()).append(" | ").append(plain(finding.amount())).append(" | ")
					.append(ids(finding.flowIds())).append(" | ").append(cell(finding.detail())).append(" |\n");
			}
			md.append('\n');
		}
		md.append("## Accounts\n\n| user | opening | flows | closing | expected closing | difference |\n")
			.append("|---|---|---|---|---|---|\n");
		for (AccountLine account : report.accounts()) {
			md.append("| ").append(account.userId()).append(" | ").append(plain(account.opening())).append(" | ")
				.append(plain(account.flows())).append(" | ").append(plain(account.closing())).append(" | ")
				.append(plain(account.expectedClosing())).append(" | ").append(plain(account.difference()))
				.append(" |\n");
		}
		md.append("\n## Flows per biz_no\n\n| biz_no | user | order | order amount | deductions | reversals | net |")
			.append(" status |\n|---|---|---|---|---|---|---|---|\n");
		for (BizNoLine line : report.bizNos()) {
			md.append("| ").append(cell(line.bizNo())).append(" | ").append(line.userId()).append(" | ")
				.append((line.orderStatus() == null) ? "—" : line.orderStatus()).append(" | ")
				.append(plain(line.orderAmount())).append(" | ").append(ids(line.deductionFlowIds())).append(" | ")
				.append(ids(line.reversalFlowIds())).append(" | ").append(plain(line.net())).append(" | ")
				.append(line.status()).append(" |\n");
		}
		return md.toString();
	}

	public static String csv(AuditReport report) {
		StringBuilder csv = new StringBuilder(
				"record,key,status,user_id,amount,flow_ids,opening,flows,closing,expected_closing,difference,detail\r\n");
		for (AuditFinding finding : report.findings()) {
			row(csv, "FINDING", finding.key(), finding.kind().name(), Long.toString(finding.userId()),
					plain(finding.amount()), ids(finding.flowIds()), "", "", "", "", "", finding.detail());
		}
		for (AccountLine account : report.accounts()) {
			row(csv, "ACCOUNT", Long.toString(account.userId()), account.balanced() ? "BALANCED" : "UNBALANCED",
					Long.toString(account.userId()), "", "", plain(account.opening()), plain(account.flows()),
					plain(account.closing()), plain(account.expectedClosing()), plain(account.difference()), "");
		}
		for (BizNoLine line : report.bizNos()) {
			String flows = ids(line.deductionFlowIds())
					+ (line.reversalFlowIds().isEmpty() ? "" : " reversed by " + ids(line.reversalFlowIds()));
			row(csv, "BIZ_NO", line.bizNo(), line.status().name(), String.valueOf(line.userId()),
					plain(line.orderAmount()), flows, "", plain(line.net()), "", "", "",
					(line.orderStatus() == null) ? "no order" : "order " + line.orderStatus());
		}
		return csv.toString();
	}

	private static void row(StringBuilder csv, String... cells) {
		for (int i = 0; i < cells.length; i++) {
			if (i > 0) {
				csv.append(',');
			}
			String cell = cells[i];
			csv.append(cell.matches(".*[\",\r\n].*") ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell);
		}
		csv.append("\r\n");
	}

	private static String plain(BigDecimal amount) {
		return (amount == null) ? "" : amount.toPlainString();
	}

	private static String ids(List<Long> ids) {
		return ids.stream().map(String::valueOf).collect(Collectors.joining(" "));
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("\n", " ");
	}

}
