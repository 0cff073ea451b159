package io.payonce.reconciliation.audit;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

import io.payonce.reconciliation.audit.AuditReport.AccountLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoLine;

/**
 * Markdown for people, CSV (RFC 4180, one {@code record} column per section) for spreadsheets. Line by line, so
 * that a report can be written while the ledger is read ({@code FileReportArchive}); a whole
 * {@link AuditReport} is the same lines in the same order. Sections: title and verdict, findings, accounts,
 * flows per business number.
 */
public final class AuditReportFormat {

	private AuditReportFormat() {
	}

	public static String markdown(AuditReport report) {
		StringBuilder md = new StringBuilder(Markdown.title(summary(report)));
		md.append(Markdown.FINDINGS);
		if (report.findings().isEmpty()) {
			md.append(Markdown.NO_FINDINGS);
		}
		else {
			md.append(Markdown.FINDINGS_TABLE);
			report.findings().forEach(finding -> md.append(Markdown.finding(finding)));
			md.append('\n');
		}
		md.append(Markdown.ACCOUNTS);
		report.accounts().forEach(account -> md.append(Markdown.account(account)));
		md.append(Markdown.BIZ_NOS);
		report.bizNos().forEach(line -> md.append(Markdown.bizNo(line)));
		return md.toString();
	}

	public static String csv(AuditReport report) {
		StringBuilder csv = new StringBuilder(Csv.HEADER);
		report.findings().forEach(finding -> csv.append(Csv.finding(finding)));
		report.accounts().forEach(account -> csv.append(Csv.account(account)));
		report.bizNos().forEach(line -> csv.append(Csv.bizNo(line)));
		return csv.toString();
	}

	private static AuditSummary summary(AuditReport report) {
		return new AuditSummary(report.period(), report.generatedAt(), report.bizNos().size(),
				report.accounts().size(), report.findings().size());
	}

	/** The Markdown report's pieces. */
	public static final class Markdown {

		/** Heads the findings, which follow as table rows; {@link #NO_FINDINGS} instead of rows if there are none. */
		public static final String FINDINGS = "## Findings\n\n";

		public static final String FINDINGS_TABLE = "| kind | biz_no / user | user | amount | flows | detail |\n"
				+ "|---|---|---|---|---|---|\n";

		public static final String NO_FINDINGS = "None.\n\n";

		public static final String ACCOUNTS = "## Accounts\n\n| user | opening | flows | closing | expected closing |"
				+ " difference |\n|---|---|---|---|---|---|\n";

		public static final String BIZ_NOS = "\n## Flows per biz_no\n\n| biz_no | user | order | order amount | deductions |"
				+ " reversals | net | status |\n|---|---|---|---|---|---|---|---|\n";

		private Markdown() {
		}

		public static String title(AuditSummary summary) {
			return "# Ledger audit " + summary.period().from() + " – " + summary.period().to() + "\n\n" + "Generated "
					+ summary.generatedAt() + ". Result: **"
					+ (summary.balanced() ? "BALANCED" : summary.findings() + " FINDING(S)") + "**.\n\n"
					+ "Opening balances are derived (balance now − flows since the period start); the trade schema "
					+ "keeps no opening balance. Expected closing = opening − amounts of the PAID orders charged "
					+ "in the period + top-ups.\n\n";
		}

		/**
		 * The short answer: verdict, totals, the findings and the accounts that differ (each at most
		 * {@value AuditSummary#SHOWN}), and where the full listing is.
		 * @param archivedAs the full report's file name in the report directory
		 */
		public static String summary(AuditSummary summary, String archivedAs) {
			AuditSummary.Totals totals = summary.totals();
			StringBuilder md = new StringBuilder(title(summary));
			md.append("## Totals\n\n| | flows | amount |\n|---|---|---|\n")
				.append("| deductions | ").append(totals.deductions()).append(" | ").append(money(totals.deducted()))
				.append(" |\n| reversals | ").append(totals.reversals()).append(" | ").append(money(totals.reversed()))
				.append(" |\n| top-ups | ").append(totals.topUps()).append(" | ").append(money(totals.toppedUp()))
				.append(" |\n\n")
				.append(summary.bizNos()).append(" business number(s), ").append(summary.accounts())
				.append(" account(s) with flows in the period.\n\n");
			md.append(FINDINGS);
			if (summary.findings() == 0) {
				md.append(NO_FINDINGS);
			}
			else {
				md.append(FINDINGS_TABLE);
				summary.findingsShown().forEach(finding -> md.append(finding(finding)));
				md.append(more(summary.findings(), summary.findingsShown().size(), "finding(s)")).append('\n');
			}
			md.append("## Accounts that differ\n\n");
			if (summary.accountsDiffering().isEmpty()) {
				md.append("None: every account's closing balance is explained by its paid orders and top-ups.\n\n");
			}
			else {
				md.append(ACCOUNTS.substring(ACCOUNTS.indexOf('|')));
				summary.accountsDiffering().forEach(account -> md.append(account(account)));
				md.append('\n');
			}
			md.append("Full listing (every account and business number): the same request with `view=full`, or")
				.append(" `format=csv`; archived as `").append(archivedAs).append("`.\n");
			return md.toString();
		}

		private static String more(long all, int shown, String what) {
			return (all > shown) ? "\n… and " + (all - shown) + " more " + what + " in the full listing.\n" : "";
		}

		public static String finding(AuditFinding finding) {
			return "| " + finding.kind() + " | " + cell(finding.key()) + " | " + finding.userId() + " | "
					+ plain(finding.amount()) + " | " + ids(finding.flowIds()) + " | " + cell(finding.detail()) + " |\n";
		}

		public static String account(AccountLine account) {
			return "| " + account.userId() + " | " + plain(account.opening()) + " | " + plain(account.flows()) + " | "
					+ plain(account.closing()) + " | " + plain(account.expectedClosing()) + " | "
					+ plain(account.difference()) + " |\n";
		}

		public static String bizNo(BizNoLine line) {
			return "| " + cell(line.bizNo()) + " | " + line.userId() + " | "
					+ ((line.orderStatus() == null) ? "—" : line.orderStatus()) + " | " + plain(line.orderAmount())
					+ " | " + ids(line.deductionFlowIds()) + " | " + ids(line.reversalFlowIds()) + " | "
					+ plain(line.net()) + " | " + line.status() + " |\n";
		}

	}

	/** The CSV report's pieces. */
	public static final class Csv {

		public static final String HEADER = "record,key,status,user_id,amount,flow_ids,opening,flows,closing,"
				+ "expected_closing,difference,detail\r\n";

		private Csv() {
		}

		public static String finding(AuditFinding finding) {
			return row("FINDING", finding.key(), finding.kind().name(), Long.toString(finding.userId()),
					plain(finding.amount()), ids(finding.flowIds()), "", "", "", "", "", finding.detail());
		}

		public static String account(AccountLine account) {
			return row("ACCOUNT", Long.toString(account.userId()), account.balanced() ? "BALANCED" : "UNBALANCED",
					Long.toString(account.userId()), "", "", plain(account.opening()), plain(account.flows()),
					plain(account.closing()), plain(account.expectedClosing()), plain(account.difference()), "");
		}

		public static String bizNo(BizNoLine line) {
			String flows = ids(line.deductionFlowIds())
					+ (line.reversalFlowIds().isEmpty() ? "" : " reversed by " + ids(line.reversalFlowIds()));
			return row("BIZ_NO", line.bizNo(), line.status().name(), String.valueOf(line.userId()),
					plain(line.orderAmount()), flows, "", plain(line.net()), "", "", "",
					(line.orderStatus() == null) ? "no order" : "order " + line.orderStatus());
		}

		private static String row(String... cells) {
			StringBuilder csv = new StringBuilder();
			for (int i = 0; i < cells.length; i++) {
				if (i > 0) {
					csv.append(',');
				}
				String cell = cells[i];
				csv.append(cell.matches("(?s).*[\",\r\n].*") ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell);
			}
			return csv.append("\r\n").toString();
		}

	}

	/** A sum of {@code DECIMAL(19,2)} amounts, with its two decimals also when it is zero. */
	private static String money(BigDecimal amount) {
		return amount.setScale(2, java.math.RoundingMode.UNNECESSARY).toPlainString();
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
