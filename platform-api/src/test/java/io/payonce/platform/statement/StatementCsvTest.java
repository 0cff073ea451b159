package io.payonce.platform.statement;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.Golden;
import io.payonce.platform.Statement;
import io.payonce.platform.Statement.CurrencyTotal;
import io.payonce.platform.Statement.LineError;
import io.payonce.platform.StatementRow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

class StatementCsvTest {

	private static final LocalDate DAY = LocalDate.parse("2026-09-28");

	private static final StatementRow FIRST = row("PN20260928001", "P20260928001", "199.00", "CNY",
			"2026-09-28T02:00:12Z", "1.19");

	private static final StatementRow SECOND = row("PN20260928002", "P20260928001", "199.00", "CNY",
			"2026-09-28T02:00:29Z", "1.19");

	private static final StatementRow LAST_SECOND_OF_THE_DAY = new StatementRow("PN20260928003", "P20260928002",
			10087, new BigDecimal("12.50"), "USD", "SUCCESS", Instant.parse("2026-09-28T23:59:59Z"),
			new BigDecimal("0.08"));

	@Test
	void writesTheGoldenFileOrderedByPaidTimeWithASummaryPerCurrency() {
		// given the rows in any order
		List<StatementRow> rows = List.of(LAST_SECOND_OF_THE_DAY, SECOND, FIRST);

		// when
		byte[] file = StatementCsv.write(DAY, rows);

		// then byte for byte the documented sample
		assertThat(new String(file, StandardCharsets.UTF_8))
			.isEqualTo(new String(Golden.read("statement.v1.csv"), StandardCharsets.UTF_8));
	}

	@Test
	void readsTheGoldenFileWithLineNumbersTotalsAndItsHash() {
		byte[] file = Golden.read("statement.v1.csv");

		Statement statement = StatementCsv.parse(DAY, file);

		assertThat(statement.errors()).isEmpty();
		assertThat(statement.isClean()).isTrue();
		assertThat(statement.payments()).containsExactly(FIRST, SECOND, LAST_SECOND_OF_THE_DAY);
		assertThat(statement.rows()).extracting(Statement.Line::number).containsExactly(2, 3, 4);
		assertThat(statement.totals()).containsExactly(
				new CurrencyTotal("CNY", 2, new BigDecimal("398.00"), new BigDecimal("2.38")),
				new CurrencyTotal("USD", 1, new BigDecimal("12.50"), new BigDecimal("0.08")));
		assertThat(statement.sha256()).hasSize(64).isEqualTo(StatementCsv.sha256(file));
	}

	@Test
	void aDayWithoutPaymentsIsTheTwoHeadersAlone() {
		byte[] file = StatementCsv.write(DAY, List.of());

		assertThat(new String(file, StandardCharsets.UTF_8))
			.isEqualTo(StatementCsv.HEADER + "\n" + StatementCsv.SUMMARY_HEADER + "\n");
		Statement statement = StatementCsv.parse(DAY, file);
		assertThat(statement.isClean()).isTrue();
		assertThat(statement.rows()).isEmpty();
	}

	@Test
	void aByteOrderMarkAndWindowsLineEndsAreRead() {
		String golden = new String(Golden.read("statement.v1.csv"), StandardCharsets.UTF_8);
		byte[] windows = ("\uFEFF" + golden.replace("\n", "\r\n")).getBytes(StandardCharsets.UTF_8);

		Statement statement = StatementCsv.parse(DAY, windows);

		assertThat(statement.errors()).isEmpty();
		assertThat(statement.payments()).hasSize(3);
	}

	@Test
	void aMalformedLineIsAnErrorNamingItsLineAndFieldAndTheOtherRowsAreStillRead() {
		// given the golden file with line 3's amount written with one decimal
		String file = golden().replace("P20260928001,10086,199.00,CNY,SUCCESS,2026-09-28T02:00:29Z",
				"P20260928001,10086,199.0,CNY,SUCCESS,2026-09-28T02:00:29Z");

		// when
		Statement statement = parse(file);

		// then line 3 is an error on its field, lines 2 and 4 are rows, and the CNY summary no longer adds up
		assertThat(statement.rows()).extracting(Statement.Line::number).containsExactly(2, 4);
		assertThat(statement.errors()).first()
			.isEqualTo(new LineError(3, "amount", "must be a decimal with two places such as 199.00, found '199.0'"));
		assertThat(statement.errors()).extracting(LineError::number, LineError::field)
			.contains(tuple(6, "count"), tuple(6, "amount"));
		assertThat(statement.errors().get(1).message()).contains("1 payment line(s) could not be read");
	}

	@Test
	void everyBadFieldOfALineIsNamed() {
		String file = StatementCsv.HEADER + "\n" + "PN 1,ORD-1,0,-1.00,ABC,paid,2026-09-28 02:00:12,2.0\n"
				+ StatementCsv.SUMMARY_HEADER + "\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).extracting(LineError::field)
			.containsExactly("payNo", "userId", "amount", "currency", "status", "paidAt", "fee");
	}

	@Test
	void aFeeAboveTheAmountAndAZeroAmountAreRefused() {
		String file = StatementCsv.HEADER + "\n" + "PN-1,ORD-1,7,1.00,CNY,SUCCESS,2026-09-28T02:00:12Z,1.01\n"
				+ "PN-2,ORD-2,7,0.00,CNY,SUCCESS,2026-09-28T02:00:12Z,0.00\n" + StatementCsv.SUMMARY_HEADER + "\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(new LineError(2, "fee", "must not exceed the amount 1.00"),
				new LineError(3, "amount", "must be greater than 0"));
	}

	@Test
	void quotesAWrongNumberOfFieldsAndEmptyLinesAreErrorsOfTheWholeLine() {
		String file = StatementCsv.HEADER + "\n" + "\"PN-1\",ORD-1,7,1.00,CNY,SUCCESS,2026-09-28T02:00:12Z,0.01\n"
				+ "PN-2,ORD-2,7,1.00,CNY,SUCCESS,2026-09-28T02:00:12Z\n" + "\n" + StatementCsv.SUMMARY_HEADER + "\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(new LineError(2, null, "quotes are not part of the format"),
				new LineError(3, null, "expected 8 fields (" + StatementCsv.HEADER + "), found 7"),
				new LineError(4, null, "empty line"));
	}

	@Test
	void aPaymentOfAnotherDayIsRefusedAtBothEndsOfTheDay() {
		String file = StatementCsv.HEADER + "\n" + "PN-1,ORD-1,7,1.00,CNY,SUCCESS,2026-09-27T23:59:59Z,0.01\n"
				+ "PN-2,ORD-2,7,1.00,CNY,SUCCESS,2026-09-29T00:00:00Z,0.01\n"
				+ "PN-3,ORD-3,7,1.00,CNY,SUCCESS,2026-09-28T00:00:00Z,0.01\n" + StatementCsv.SUMMARY_HEADER + "\n"
				+ "CNY,1,1.00,0.01\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(
				new LineError(2, "paidAt", "2026-09-27T23:59:59Z is not on 2026-09-28 (UTC)"),
				new LineError(3, "paidAt", "2026-09-29T00:00:00Z is not on 2026-09-28 (UTC)"));
		assertThat(statement.rows()).singleElement().extracting(line -> line.row().payNo()).isEqualTo("PN-3");
	}

	@Test
	void aPayNoTwiceIsAnErrorOnTheSecondLine() {
		String file = StatementCsv.HEADER + "\n" + "PN-1,ORD-1,7,1.00,CNY,SUCCESS,2026-09-28T02:00:12Z,0.01\n"
				+ "PN-1,ORD-2,7,1.00,CNY,SUCCESS,2026-09-28T02:00:13Z,0.01\n" + StatementCsv.SUMMARY_HEADER + "\n"
				+ "CNY,1,1.00,0.01\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(new LineError(3, "payNo", "PN-1 is already on line 2"));
	}

	@Test
	void aFileCutOffBeforeItsSummaryIsIncomplete() {
		String golden = golden();
		String cut = golden.substring(0, golden.indexOf(StatementCsv.SUMMARY_HEADER));

		Statement statement = parse(cut);

		assertThat(statement.rows()).hasSize(3);
		assertThat(statement.errors()).containsExactly(
				new LineError(5, null, "no summary ('currency,count,amount,fee'): the file is incomplete"));
	}

	@Test
	void anEditedAmountNoLongerMatchesTheSummary() {
		// given a row whose amount was changed by 0.01 after the file was written
		String file = golden().replace("10086,199.00,CNY,SUCCESS,2026-09-28T02:00:12Z",
				"10086,199.01,CNY,SUCCESS,2026-09-28T02:00:12Z");

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(
				new LineError(6, "amount", "the summary says 398.00, the rows add up to 398.01"));
	}

	@Test
	void theSummaryMustListExactlyTheCurrenciesOfTheRows() {
		String file = StatementCsv.HEADER + "\n" + "PN-1,ORD-1,7,1.00,CNY,SUCCESS,2026-09-28T02:00:12Z,0.01\n"
				+ StatementCsv.SUMMARY_HEADER + "\n" + "USD,0,0.00,0.00\n" + "USD,0,0.00,0.00\n";

		Statement statement = parse(file);

		assertThat(statement.errors()).containsExactly(new LineError(5, "currency", "USD is summed twice"),
				new LineError(4, "currency", "no readable payment in USD"),
				new LineError(3, "currency", "the summary has no line for CNY"));
	}

	@Test
	void aWrongHeaderStopsTheReadingAtLineOne() {
		Statement statement = parse("orderNo,payNo\nPN-1,ORD-1\n");

		assertThat(statement.rows()).isEmpty();
		assertThat(statement.errors()).singleElement()
			.satisfies(error -> assertThat(error.toString()).startsWith("line 1: expected the header"));
		assertThat(parse("").errors()).singleElement()
			.satisfies(error -> assertThat(error.message()).endsWith("the file is empty"));
	}

	@Test
	void theWriterRefusesWhatItsReaderWouldRefuse() {
		StatementRow yesterday = row("PN-1", "ORD-1", "1.00", "CNY", "2026-09-27T23:59:59Z", "0.01");
		StatementRow comma = row("PN-1", "ORD,1", "1.00", "CNY", "2026-09-28T10:00:00Z", "0.01");
		StatementRow threeDecimals = row("PN-1", "ORD-1", "1.005", "CNY", "2026-09-28T10:00:00Z", "0.01");
		StatementRow milliseconds = row("PN-1", "ORD-1", "1.00", "CNY", "2026-09-28T10:00:00.5Z", "0.01");
		StatementRow other = row("PN-1", "ORD-2", "1.00", "CNY", "2026-09-28T10:00:01Z", "0.01");

		assertThatIllegalArgumentException().isThrownBy(() -> StatementCsv.write(DAY, List.of(yesterday)))
			.withMessageContaining("paidAt");
		assertThatIllegalArgumentException().isThrownBy(() -> StatementCsv.write(DAY, List.of(comma)))
			.withMessageContaining("orderNo");
		assertThatIllegalArgumentException().isThrownBy(() -> StatementCsv.write(DAY, List.of(threeDecimals)))
			.withMessageContaining("amount");
		assertThatIllegalArgumentException().isThrownBy(() -> StatementCsv.write(DAY, List.of(milliseconds)))
			.withMessageContaining("paidAt");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> StatementCsv.write(DAY, List.of(row("PN-1", "ORD-1", "1.00", "CNY",
					"2026-09-28T10:00:00Z", "0.01"), other)))
			.withMessageContaining("payNo appears twice");
	}

	@Test
	void theFileIsNamedByItsDay() {
		assertThat(StatementCsv.fileName(DAY)).isEqualTo("statement-2026-09-28.csv");
	}

	private static StatementRow row(String payNo, String orderNo, String amount, String currency, String paidAt,
			String fee) {
		return new StatementRow(payNo, orderNo, 10086, new BigDecimal(amount), currency, "SUCCESS",
				Instant.parse(paidAt), new BigDecimal(fee));
	}

	private static String golden() {
		return new String(Golden.read("statement.v1.csv"), StandardCharsets.UTF_8);
	}

	private static Statement parse(String file) {
		return StatementCsv.parse(DAY, file.getBytes(StandardCharsets.UTF_8));
	}

}
