package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.reconciliation.platform.RecordedPayment;

/** Valid statements, recorded payments and ledger entries of {@link #DAY}. */
final class StatementFixture {

	static final LocalDate DAY = LocalDate.parse("2026-11-29");

	private StatementFixture() {
	}

	static StatementRow row(String payNo, String orderNo, String amount, int second) {
		BigDecimal value = new BigDecimal(amount);
		return new StatementRow(payNo, orderNo, 10086, value, "CNY", "SUCCESS",
				Instant.parse("2026-11-29T02:00:00Z").plusSeconds(second),
				value.multiply(new BigDecimal("0.006")).setScale(2, RoundingMode.HALF_UP));
	}

	/** The file the platform would write, read back as the importer reads it. */
	static Statement statement(StatementRow... rows) {
		return StatementCsv.parse(DAY, StatementCsv.write(DAY, List.of(rows)));
	}

	static byte[] file(StatementRow... rows) {
		return StatementCsv.write(DAY, List.of(rows));
	}

	/** The file with line {@code number} (1-based) replaced. */
	static Statement edited(byte[] file, int number, String line) {
		String[] lines = new String(file, StandardCharsets.UTF_8).split("\n", -1);
		lines[number - 1] = line;
		return StatementCsv.parse(DAY, String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
	}

	static RecordedPayment recorded(StatementRow row) {
		return recorded(row, "PRIMARY");
	}

	static RecordedPayment recorded(StatementRow row, String kind) {
		return new RecordedPayment(row.payNo(), row.orderNo(), kind, "CALLBACK", row.userId(), row.amount(),
				row.currency(), "SUCCESS", row.paidAt());
	}

	static LedgerDeduction deducted(StatementRow row) {
		return new LedgerDeduction(row.orderNo(), row.payNo(), row.amount(), false);
	}

}
