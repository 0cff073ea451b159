package io.payonce.platform.statement;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.payonce.platform.Statement;
import io.payonce.platform.Statement.CurrencyTotal;
import io.payonce.platform.Statement.Line;
import io.payonce.platform.Statement.LineError;
import io.payonce.platform.StatementRow;

/**
 * The daily statement file, written by the platform simulator and read by whoever imports it. The format
 * (also in {@code platform-simulator/README.md}):
 *
 * <pre>
 * payNo,orderNo,userId,amount,currency,status,paidAt,fee
 * PN0000000001,ORD-1,10086,199.00,CNY,SUCCESS,2026-09-28T02:00:12Z,1.19
 * PN0000000002,ORD-2,10087,45.50,CNY,SUCCESS,2026-09-28T02:00:15Z,0.27
 * currency,count,amount,fee
 * CNY,2,244.50,1.46
 * </pre>
 *
 * <ul>
 * <li>UTF-8 without BOM, lines end with {@code \n} (the last one too). Read leniently: a BOM and {@code \r\n} are
 * accepted.</li>
 * <li>Line 1 is the header, exactly as above. Then one line per payment whose {@code paidAt} lies in the UTC day
 * {@code [day 00:00Z, day+1 00:00Z)}, ordered by paidAt, then payNo. No quoting: no field may contain a comma,
 * a quote or a line break (identifiers are 1-64 of {@code [A-Za-z0-9_-]}, as in the callback).</li>
 * <li>{@code amount} and {@code fee}: plain decimals with exactly two places, amount &gt; 0, 0 &le; fee &le;
 * amount, in the row's currency (ISO 4217). {@code userId}: positive integer. {@code status}: upper-case word,
 * {@code SUCCESS} for a payment. {@code paidAt}: ISO-8601 UTC to the second, {@code yyyy-MM-ddTHH:mm:ssZ}.</li>
 * <li>Then the summary: the line {@code currency,count,amount,fee} and one line per currency of the rows,
 * ordered by currency: number of payments, sum of amounts, sum of fees. A file without it is incomplete (cut
 * off), and a summary that does not match the rows is an error: that is how a truncated or edited file is
 * told from a complete one.</li>
 * </ul>
 * A day without payments is the header and the summary header alone.
 */
public final class StatementCsv {

	public static final String HEADER = "payNo,orderNo,userId,amount,currency,status,paidAt,fee";

	public static final String SUMMARY_HEADER = "currency,count,amount,fee";

	public static final String MEDIA_TYPE = "text/csv";

	private static final int COLUMNS = 8;

	private static final Pattern BUSINESS_NO = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private static final Pattern USER_ID = Pattern.compile("[1-9][0-9]{0,18}");

	private static final Pattern MONEY = Pattern.compile("[0-9]{1,17}\\.[0-9]{2}");

	private static final Pattern COUNT = Pattern.compile("0|[1-9][0-9]{0,8}");

	private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

	private static final Pattern STATUS = Pattern.compile("[A-Z][A-Z_]{0,31}");

	private static final Pattern PAID_AT = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");

	private static final Set<String> CURRENCIES = Currency.getAvailableCurrencies()
		.stream()
		.map(Currency::getCurrencyCode)
		.collect(Collectors.toUnmodifiableSet());

	private static final Comparator<StatementRow> FILE_ORDER = Comparator.comparing(StatementRow::paidAt)
		.thenComparing(StatementRow::payNo);

	private StatementCsv() {
	}

	/** {@code statement-2026-09-28.csv}. */
	public static String fileName(LocalDate day) {
		return "statement-" + day + ".csv";
	}

	/**
	 * The file of one day.
	 * @throws IllegalArgumentException if a row lies outside the day or holds a value the format cannot carry
	 * (the writer never produces a file its own reader would refuse)
	 */
	public static byte[] write(LocalDate day, Collection<StatementRow> rows) {
		List<StatementRow> sorted = rows.stream().sorted(FILE_ORDER).toList();
		Map<String, Sum> sums = new TreeMap<>();
		StringBuilder out = new StringBuilder(HEADER).append('\n');
		Set<String> payNos = new HashSet<>();
		for (StatementRow row : sorted) {
			List<String> problems = new ArrayList<>();
			checkRow(day, row, problems);
			if (!payNos.add(row.payNo())) {
				problems.add("payNo appears twice");
			}
			if (!problems.isEmpty()) {
				throw new IllegalArgumentException("cannot write " + row + " on the statement of " + day + ": " + problems);
			}
			out.append(row.payNo())
				.append(',')
				.append(row.orderNo())
				.append(',')
				.append(row.userId())
				.append(',')
				.append(money(row.amount()))
				.append(',')
				.append(row.currency())
				.append(',')
				.append(row.status())
				.append(',')
				.append(row.paidAt())
				.append(',')
				.append(money(row.fee()))
				.append('\n');
			sums.computeIfAbsent(row.currency(), currency -> new Sum()).add(row.amount(), row.fee());
		}
		out.append(SUMMARY_HEADER).append('\n');
		sums.forEach((currency, sum) -> out.append(currency)
			.append(',')
			.append(sum.count)
			.append(',')
			.append(money(sum.amount))
			.append(',')
			.append(money(sum.fee))
			.append('\n'));
		return out.toString().getBytes(StandardCharsets.UTF_8);
	}

	/** Reads a statement file of {@code day}; every line becomes a row or an error, nothing is dropped. */
	public static Statement parse(LocalDate day, byte[] content) {
		Reader reader = new Reader(day);
		reader.read(lines(content));
		return new Statement(day, sha256(content), reader.rows, reader.totals(), reader.errors);
	}

	/** Hex SHA-256 of the file's bytes. */
	public static String sha256(byte[] content) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

	private static List<String> lines(byte[] content) {
		String text = new String(content, StandardCharsets.UTF_8);
		if (text.startsWith("\uFEFF")) {
			text = text.substring(1);
		}
		List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
		if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
			lines.remove(lines.size() - 1); // the newline that ends the last line
		}
		return lines.stream().map(line -> line.endsWith("\r") ? line.substring(0, line.length() - 1) : line).toList();
	}

	private static void checkRow(LocalDate day, StatementRow row, List<String> problems) {
		if (!BUSINESS_NO.matcher(row.payNo()).matches()) {
			problems.add("payNo must be 1-64 of [A-Za-z0-9_-]");
		}
		if (!BUSINESS_NO.matcher(row.orderNo()).matches()) {
			problems.add("orderNo must be 1-64 of [A-Za-z0-9_-]");
		}
		if (row.userId() <= 0) {
			problems.add("userId must be positive");
		}
		if (row.amount().signum() <= 0 || row.amount().stripTrailingZeros().scale() > 2) {
			problems.add("amount must be > 0 with at most 2 decimals");
		}
		if (row.fee().signum() < 0 || row.fee().stripTrailingZeros().scale() > 2 || row.fee().compareTo(row.amount()) > 0) {
			problems.add("fee must be between 0 and the amount with at most 2 decimals");
		}
		if (!CURRENCIES.contains(row.currency())) {
			problems.add("currency must be an ISO 4217 code");
		}
		if (!STATUS.matcher(row.status()).matches()) {
			problems.add("status must be an upper-case word");
		}
		if (!row.paidAt().equals(row.paidAt().truncatedTo(ChronoUnit.SECONDS)) || !isOn(day, row.paidAt())) {
			problems.add("paidAt must be a whole second on " + day + " (UTC)");
		}
	}

	private static boolean isOn(LocalDate day, Instant instant) {
		return !instant.isBefore(day.atStartOfDay(ZoneOffset.UTC).toInstant())
				&& instant.isBefore(day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
	}

	private static String money(BigDecimal value) {
		return value.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
	}

	/** Count and sums of one currency. */
	private static final class Sum {

		private int count;

		private BigDecimal amount = BigDecimal.ZERO.setScale(2);

		private BigDecimal fee = BigDecimal.ZERO.setScale(2);

		void add(BigDecimal rowAmount, BigDecimal rowFee) {
			this.count++;
			this.amount = this.amount.add(rowAmount);
			this.fee = this.fee.add(rowFee);
		}

	}

	/** One pass over the lines: header, payment rows, summary. */
	private static final class Reader {

		private final LocalDate day;

		private final List<Line> rows = new ArrayList<>();

		private final List<LineError> errors = new ArrayList<>();

		private final Map<String, Integer> payNoLines = new HashMap<>();

		private final Map<String, Sum> rowSums = new TreeMap<>();

		/** The line number of each currency's summary line. */
		private final Map<String, Integer> summaryLines = new HashMap<>();

		private final Map<String, CurrencyTotal> summary = new LinkedHashMap<>();

		private int unreadableRows;

		Reader(LocalDate day) {
			this.day = day;
		}

		void read(List<String> lines) {
			if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
				this.errors.add(new LineError(1, null, "expected the header '" + HEADER + "'"
						+ (lines.isEmpty() ? ", the file is empty" : ", found '" + abbreviate(lines.get(0)) + "'")));
				return;
			}
			int summaryAt = -1;
			for (int i = 1; i < lines.size(); i++) {
				int number = i + 1;
				String line = lines.get(i);
				if (summaryAt < 0 && line.equals(SUMMARY_HEADER)) {
					summaryAt = number;
				}
				else if (summaryAt < 0) {
					readRow(number, line);
				}
				else {
					readSummary(number, line);
				}
			}
			if (summaryAt < 0) {
				this.errors.add(new LineError(lines.size() + 1, null,
						"no summary ('" + SUMMARY_HEADER + "'): the file is incomplete"));
				return;
			}
			checkSummary(summaryAt);
		}

		private void readRow(int number, String line) {
			List<LineError> found = new ArrayList<>();
			String[] fields = line.split(",", -1);
			if (line.isEmpty()) {
				found.add(new LineError(number, null, "empty line"));
			}
			else if (line.indexOf('"') >= 0) {
				found.add(new LineError(number, null, "quotes are not part of the format"));
			}
			else if (fields.length != COLUMNS) {
				found.add(new LineError(number, null,
						"expected " + COLUMNS + " fields (" + HEADER + "), found " + fields.length));
			}
			else {
				StatementRow row = row(number, fields, found);
				if (found.isEmpty()) {
					Integer earlier = this.payNoLines.putIfAbsent(row.payNo(), number);
					if (earlier != null) {
						found.add(new LineError(number, "payNo", row.payNo() + " is already on line " + earlier));
					}
					else {
						this.rows.add(new Line(number, row));
						this.rowSums.computeIfAbsent(row.currency(), currency -> new Sum()).add(row.amount(), row.fee());
					}
				}
			}
			if (!found.isEmpty()) {
				this.unreadableRows++;
				this.errors.addAll(found);
			}
		}

		private StatementRow row(int number, String[] fields, List<LineError> found) {
			String payNo = match(number, "payNo", fields[0], BUSINESS_NO, "must be 1-64 of [A-Za-z0-9_-]", found);
			String orderNo = match(number, "orderNo", fields[1], BUSINESS_NO, "must be 1-64 of [A-Za-z0-9_-]", found);
			String userId = match(number, "userId", fields[2], USER_ID, "must be a positive integer", found);
			BigDecimal amount = money(number, "amount", fields[3], found);
			String currency = currency(number, "currency", fields[4], found);
			String status = match(number, "status", fields[5], STATUS, "must be an upper-case word such as SUCCESS",
					found);
			Instant paidAt = paidAt(number, fields[6], found);
			BigDecimal fee = money(number, "fee", fields[7], found);
			if (amount != null && amount.signum() == 0) {
				found.add(new LineError(number, "amount", "must be greater than 0"));
			}
			if (amount != null && fee != null && fee.compareTo(amount) > 0) {
				found.add(new LineError(number, "fee", "must not exceed the amount " + amount));
			}
			long parsedUserId = 0;
			if (userId != null) {
				try {
					parsedUserId = Long.parseLong(userId);
				}
				catch (NumberFormatException tooLarge) {
					found.add(new LineError(number, "userId", "must be a positive integer"));
				}
			}
			if (!found.isEmpty()) {
				return null;
			}
			return new StatementRow(payNo, orderNo, parsedUserId, amount, currency, status, paidAt, fee);
		}

		private Instant paidAt(int number, String value, List<LineError> found) {
			if (!PAID_AT.matcher(value).matches()) {
				found.add(new LineError(number, "paidAt", "must be UTC to the second, yyyy-MM-ddTHH:mm:ssZ"));
				return null;
			}
			try {
				Instant paidAt = Instant.parse(value);
				if (!isOn(this.day, paidAt)) {
					found.add(new LineError(number, "paidAt", value + " is not on " + this.day + " (UTC)"));
					return null;
				}
				return paidAt;
			}
			catch (DateTimeParseException ex) {
				found.add(new LineError(number, "paidAt", value + " is not a date and time"));
				return null;
			}
		}

		private void readSummary(int number, String line) {
			String[] fields = line.split(",", -1);
			if (fields.length != 4) {
				this.errors.add(new LineError(number, null,
						"expected a summary line (" + SUMMARY_HEADER + "), found " + fields.length + " fields"));
				return;
			}
			List<LineError> found = new ArrayList<>();
			String currency = currency(number, "currency", fields[0], found);
			String count = match(number, "count", fields[1], COUNT, "must be a whole number", found);
			BigDecimal amount = money(number, "amount", fields[2], found);
			BigDecimal fee = money(number, "fee", fields[3], found);
			if (currency != null && this.summary.containsKey(currency)) {
				found.add(new LineError(number, "currency", currency + " is summed twice"));
			}
			if (!found.isEmpty()) {
				this.errors.addAll(found);
				return;
			}
			CurrencyTotal total = new CurrencyTotal(currency, Integer.parseInt(count), amount, fee);
			this.summary.put(currency, total);
			this.summaryLines.put(currency, number);
		}

		/** The summary must list exactly the currencies of the rows, each with their count and sums. */
		private void checkSummary(int summaryAt) {
			String unread = this.unreadableRows == 0 ? ""
					: " (" + this.unreadableRows + " payment line(s) could not be read)";
			for (Map.Entry<String, CurrencyTotal> entry : this.summary.entrySet()) {
				int number = this.summaryLines.get(entry.getKey());
				CurrencyTotal written = entry.getValue();
				Sum rows = this.rowSums.get(entry.getKey());
				if (rows == null) {
					this.errors.add(new LineError(number, "currency", "no readable payment in " + written.currency() + unread));
					continue;
				}
				if (written.count() != rows.count) {
					this.errors.add(new LineError(number, "count",
							"the summary says " + written.count() + ", the rows are " + rows.count + unread));
				}
				if (written.amount().compareTo(rows.amount) != 0) {
					this.errors.add(new LineError(number, "amount",
							"the summary says " + written.amount() + ", the rows add up to " + rows.amount + unread));
				}
				if (written.fee().compareTo(rows.fee) != 0) {
					this.errors.add(new LineError(number, "fee",
							"the summary says " + written.fee() + ", the rows add up to " + rows.fee + unread));
				}
			}
			for (String currency : this.rowSums.keySet()) {
				if (!this.summary.containsKey(currency)) {
					this.errors.add(new LineError(summaryAt, "currency", "the summary has no line for " + currency));
				}
			}
		}

		List<CurrencyTotal> totals() {
			return List.copyOf(this.summary.values());
		}

		private static String match(int number, String field, String value, Pattern pattern, String rule,
				List<LineError> found) {
			if (!pattern.matcher(value).matches()) {
				found.add(new LineError(number, field, rule + ", found '" + abbreviate(value) + "'"));
				return null;
			}
			return value;
		}

		private static BigDecimal money(int number, String field, String value, List<LineError> found) {
			String checked = match(number, field, value, MONEY, "must be a decimal with two places such as 199.00",
					found);
			return checked == null ? null : new BigDecimal(checked);
		}

		private static String currency(int number, String field, String value, List<LineError> found) {
			String checked = match(number, field, value, CURRENCY, "must be an ISO 4217 code such as CNY", found);
			if (checked != null && !CURRENCIES.contains(checked)) {
				found.add(new LineError(number, field, checked + " is not an ISO 4217 currency"));
				return null;
			}
			return checked;
		}

		private static String abbreviate(String value) {
			return value.length() <= 80 ? value : value.substring(0, 77) + "...";
		}

	}

}
