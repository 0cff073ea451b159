package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.payonce.platform.Statement;
import io.payonce.reconciliation.statement.StatementFinding.Kind;
import io.payonce.reconciliation.statement.file.FileStatementReports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's CSV is one line per finding and per unreadable line, with the detail quoted; Markdown says if it balances. */
class StatementReportFormatTest {

	private final StatementReport report = new StatementReport(StatementFixture.DAY,
			"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "alice", "CLI",
			Instant.parse("2026-11-30T08:00:00Z"), 2, List.of(new Statement.LineError(4, "amount", "must have 2 decimals")),
			List.of(new StatementFinding(Kind.AMOUNT_MISMATCH, 3, "PN-B", "O-B", "CNY", new BigDecimal("12.51"),
					new BigDecimal("12.50"), null, "the statement says 12.51, \"we\" recorded 12.50, see below")),
			List.of(new CurrencyBalance("CNY", 2, new BigDecimal("211.51"), 2, new BigDecimal("211.50"), BigDecimal.ZERO,
					BigDecimal.ZERO, new BigDecimal("0.01"), new BigDecimal("199.00"), new BigDecimal("199.00"))),
			true);

	@Test
	void csvHasOneLinePerFindingAndPerUnreadableLineWithTheDetailQuoted() {
		assertThat(StatementReportFormat.csv(this.report).split("\n")).containsExactly(StatementReportFormat.CSV_HEADER,
				"AMOUNT_MISMATCH,3,PN-B,O-B,CNY,12.51,12.50,0.01,none,"
						+ "\"the statement says 12.51, \"\"we\"\" recorded 12.50, see below\"",
				"UNREADABLE_LINE,4,,,,,,,none,\"line 4 (amount): must have 2 decimals\"");
	}

	@Test
	void markdownSaysWhetherTheTotalsBalance() {
		assertThat(StatementReportFormat.markdown(this.report)).contains("totals balance: **yes**")
			.contains("| CNY | 211.51 | 2 | 211.50 | 2 | 0.00 | 0.00 | 0.01 | yes | 199.00 / 199.00 |")
			.contains("- line 4 (amount): must have 2 decimals")
			.contains("- AMOUNT_MISMATCH: 1");
	}

	@Test
	void keptReportHasAJsonForTheConsoleWhoseSummaryTheListReads(@TempDir Path directory) throws Exception {
		FileStatementReports reports = new FileStatementReports(directory);

		String name = reports.keep(this.report);

		assertThat(name).isEqualTo("statement-2026-11-29-0123456789abcdef");
		assertThat(reports.find(name, "md")).isPresent();
		assertThat(reports.find(name, "csv")).isPresent();
		assertThat(Files.readString(reports.find(name, "json").orElseThrow()))
			.contains("\"kind\":\"AMOUNT_MISMATCH\"", "\"statementAmount\":\"12.51\"", "\"difference\":\"0.01\"",
					"\"line\":4", "\"field\":\"amount\"");
		assertThat(reports.summary(name)).hasValueSatisfying((summary) -> {
			assertThat(summary).containsEntry("balanced", true).containsEntry("complete", true);
			assertThat(summary.get("counts")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
				.containsEntry("AMOUNT_MISMATCH", 1)
				.containsEntry("UNKNOWN_PAYMENT", 0);
		});
		assertThat(reports.summary("statement-2026-11-29-ffffffffffffffff")).isEmpty();
		assertThat(reports.find("../" + name, "json")).isEmpty();
		assertThat(reports.find(name, "sh")).isEmpty();
	}

}
