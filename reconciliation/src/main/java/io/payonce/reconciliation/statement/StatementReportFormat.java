package io.payonce.reconciliation.statement;

import java.math.BigDecimal;

import io.payonce.platform.Statement;

/**
 * An import's report as Markdown (for people) and CSV (for tools). Fields never contain a comma, a quote or a line
 * break except {@code detail}, which the CSV quotes (RFC 4180).
 */
public final class StatementReportFormat {

	public static final String CSV_HEADER = "kind,line,payNo,orderNo,currency,statementAmount,recordedAmount,difference,repair,detail";

	private StatementReportFormat() {
	}

	public static String markdown(StatementReport report) {
		StringBuilder md = new StringBuilder();
		md.append("# Statement reconciliation ").append(report.day()).append("\n\n");
		md.append("- file SHA-256: `").append(report.sha256()).append("`\n");
		md.append("- imported ").append(report.importedAt()).append(" by ").append(report.operator()).append(" (")
			.append(report.channel()).append(")\n");
		md.append("- payment lines: ").append(report.rows()).append(", unreadable lines: ").append(report.errors().size())
			.append("\n");
		md.append("- totals balance: **").append(report.balanced() ? "yes" : "NO").append("**")
			.append(report.complete() ? "" : "; **some repairs got no answer: import the file again**").append("\n\n");
		md.append("## Totals (statement = recorded + missing − unknown + mismatch)\n\n");
		md.append("| currency | statement | rows | recorded | rows | missing | unknown | mismatch | balances | deducted / expected |\n");
		md.append("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
		for (CurrencyBalance b : report.balances()) {
			md.append("| ").append(b.currency()).append(" | ").append(money(b.statement())).append(" | ")
				.append(b.statementCount()).append(" | ").append(money(b.recorded())).append(" | ")
				.append(b.recordedCount()).append(" | ").append(money(b.missing())).append(" | ")
				.append(money(b.unknown())).append(" | ").append(money(b.mismatch())).append(" | ")
				.append(b.balances() ? "yes" : "**NO**").append(" | ").append(money(b.deducted())).append(" / ")
				.append(money(b.expectedDeducted())).append(" |\n");
		}
		md.append("\n## Unreadable lines\n\n");
		if (report.errors().isEmpty()) {
			md.append("None.\n");
		}
		for (Statement.LineError error : report.errors()) {
			md.append("- ").append(error).append("\n");
		}
		md.append("\n## Findings\n\n");
		for (StatementFinding.Kind kind : StatementFinding.Kind.values()) {
			md.append("- ").append(kind).append(": ").append(report.count(kind)).append("\n");
		}
		md.append("\n| kind | line | payNo | orderNo | currency | statement | recorded | repair | detail |\n");
		md.append("|---|---:|---|---|---|---:|---:|---|---|\n");
		for (StatementFinding f : report.findings()) {
			md.append("| ").append(f.kind()).append(" | ").append((f.line() != null) ? f.line() : "").append(" | ")
				.append(f.payNo()).append(" | ").append(f.orderNo()).append(" | ").append(f.currency()).append(" | ")
				.append(money(f.statementAmount())).append(" | ").append(money(f.recordedAmount())).append(" | ")
				.append(f.repair()).append(" | ").append(f.detail().replace("|", "\\|")).append(" |\n");
		}
		return md.toString();
	}

	public static String csv(StatementReport report) {
		StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
		for (StatementFinding f : report.findings()) {
			csv.append(f.kind()).append(',').append((f.line() != null) ? f.line() : "").append(',').append(f.payNo())
				.append(',').append(f.orderNo()).append(',').append(f.currency()).append(',')
				.append(money(f.statementAmount())).append(',').append(money(f.recordedAmount())).append(',')
				.append(money(f.difference())).append(',').append(f.repair()).append(',')
				.append('"').append(f.detail().replace("\"", "\"\"")).append('"').append('\n');
		}
		for (Statement.LineError error : report.errors()) {
			csv.append("UNREADABLE_LINE,").append(error.number()).append(",,,,,,,none,\"")
				.append(error.toString().replace("\"", "\"\"")).append("\"\n");
		}
		return csv.toString();
	}

	private static String money(BigDecimal amount) {
		return (amount != null) ? amount.setScale(2).toPlainString() : "";
	}

}
