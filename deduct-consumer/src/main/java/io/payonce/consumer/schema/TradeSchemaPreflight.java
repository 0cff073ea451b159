package io.payonce.consumer.schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;

/**
 * Refuses migration V2 (byte-exact identities) while the trade schema holds rows whose meaning the binary
 * collation would change, and names them. It runs before any migration ({@link Event#BEFORE_MIGRATE}) so that
 * a refusal changes nothing and leaves no failed entry in the history: fix the rows, start again. (A failing
 * migration itself would, on MariaDB and MySQL, be recorded as failed and need {@code flyway repair}.)
 * <p>
 * What would change meaning, each checked as "equal under the collation the column has now, different under
 * {@code utf8mb4_bin}":
 * <ul>
 * <li>a flow whose biz_no names its order in another spelling ({@code ab-1} booked on order {@code AB-1}): after
 * V2 the order would be PAID without its flow and the other spelling would look deducted, so a later payment for
 * it would be skipped at {@code uk_biz_no_type};</li>
 * <li>a reversal {@code <biz_no>-REVERSE} of a deduction in another spelling: the deduction could be reversed a
 * second time;</li>
 * <li>an order status or flow type in another case ({@code paid}): a PAID order would become payable, or a second
 * {@code PAY_DEDUCT} could join one booked as {@code pay_deduct};</li>
 * <li>a currency in lower case: payments (validated upper case) would no longer match it;</li>
 * <li>a negative balance: the new {@code CHECK (balance >= 0)} could not be added.</li>
 * </ul>
 * It looks only at a schema V2 has not reached yet (t_order without pay_no); a new or migrated schema costs one
 * query on {@code information_schema}.
 */
public final class TradeSchemaPreflight implements Callback {

	/** The most rows named per check; the count says how many there are. */
	static final int SHOWN = 20;

	/** What a column compares as once V2 has converted it. */
	private static String bin(String expression) {
		return "CONVERT(" + expression + " USING utf8mb4) COLLATE utf8mb4_bin";
	}

	private static final List<Check> CHECKS = List.of(
			new Check("flows booked on an order of another spelling (the order would lose its flow, the flow's spelling"
					+ " would look deducted)",
					"SELECT f.id, f.biz_no, f.type, o.order_no FROM t_account_flow f JOIN t_order o ON o.order_no = f.biz_no"
							+ " WHERE NOT (" + bin("f.biz_no") + " = " + bin("o.order_no") + ") ORDER BY f.id",
					(rs) -> "t_account_flow id=" + rs.getLong(1) + " biz_no='" + rs.getString(2) + "' type="
							+ rs.getString(3) + " is booked on order_no='" + rs.getString(4) + "'"),
			new Check("reversals of a deduction of another spelling (the deduction could be reversed again)",
					"SELECT r.id, r.biz_no, d.id, d.biz_no FROM t_account_flow r JOIN t_account_flow d"
							+ " ON d.biz_no = LEFT(r.biz_no, CHAR_LENGTH(r.biz_no) - 8) AND d.type <> 'REVERSE_DEDUCT'"
							+ " WHERE r.type = 'REVERSE_DEDUCT' AND CHAR_LENGTH(r.biz_no) > 8 AND RIGHT(r.biz_no, 8) = '-REVERSE'"
							+ " AND NOT (" + bin("CONCAT(d.biz_no, '-REVERSE')") + " = " + bin("r.biz_no") + ") ORDER BY r.id",
					(rs) -> "t_account_flow id=" + rs.getLong(1) + " biz_no='" + rs.getString(2) + "' reverses flow id="
							+ rs.getLong(3) + " biz_no='" + rs.getString(4) + "'"),
			new Check("order states in another case (an order would change its state)",
					"SELECT order_no, status FROM t_order WHERE status IN ('INIT', 'PAID', 'SETTLED', 'REFUNDED', 'CLOSED')"
							+ " AND " + bin("status") + " NOT IN ('INIT', 'PAID', 'SETTLED', 'REFUNDED', 'CLOSED') ORDER BY order_no",
					(rs) -> "t_order order_no='" + rs.getString(1) + "' status='" + rs.getString(2) + "'"),
			new Check("flow types in another case (uk_biz_no_type would admit a second deduction)",
					"SELECT id, biz_no, type FROM t_account_flow WHERE type IN ('PAY_DEDUCT', 'REVERSE_DEDUCT')"
							+ " AND " + bin("type") + " NOT IN ('PAY_DEDUCT', 'REVERSE_DEDUCT') ORDER BY id",
					(rs) -> "t_account_flow id=" + rs.getLong(1) + " biz_no='" + rs.getString(2) + "' type='"
							+ rs.getString(3) + "'"),
			new Check("order currencies not in upper case (payments would no longer match them)",
					"SELECT order_no, currency FROM t_order WHERE NOT (" + bin("currency") + " = " + bin("UPPER(currency)")
							+ ") ORDER BY order_no",
					(rs) -> "t_order order_no='" + rs.getString(1) + "' currency='" + rs.getString(2) + "'"),
			new Check("account currencies not in upper case (payments would no longer match them)",
					"SELECT user_id, currency FROM t_account WHERE NOT (" + bin("currency") + " = " + bin("UPPER(currency)")
							+ ") ORDER BY user_id",
					(rs) -> "t_account user_id=" + rs.getLong(1) + " currency='" + rs.getString(2) + "'"),
			new Check("negative balances (CHECK (balance >= 0) cannot be added)",
					"SELECT user_id, balance FROM t_account WHERE balance < 0 ORDER BY user_id",
					(rs) -> "t_account user_id=" + rs.getLong(1) + " balance=" + rs.getBigDecimal(2).toPlainString()));

	@Override
	public boolean supports(Event event, Context context) {
		return event == Event.BEFORE_MIGRATE;
	}

	@Override
	public boolean canHandleInTransaction(Event event, Context context) {
		return true;
	}

	@Override
	public void handle(Event event, Context context) {
		try {
			check(context.getConnection());
		}
		catch (SQLException ex) {
			throw new FlywayException("Trade schema preflight could not read the schema: " + ex.getMessage(), ex);
		}
	}

	@Override
	public String getCallbackName() {
		return "TradeSchemaPreflight";
	}

	/**
	 * @throws FlywayException naming every offending row (up to {@value #SHOWN} per kind) when V2 is pending and
	 * would change the meaning of existing rows
	 */
	public static void check(Connection connection) throws SQLException {
		if (!awaitsByteExactIdentities(connection)) {
			return;
		}
		List<String> problems = new ArrayList<>();
		int rows = 0;
		for (Check check : CHECKS) {
			List<String> found = new ArrayList<>();
			int count = 0;
			try (PreparedStatement statement = connection.prepareStatement(check.sql());
					ResultSet rs = statement.executeQuery()) {
				while (rs.next()) {
					count++;
					if (found.size() < SHOWN) {
						found.add(check.row().describe(rs));
					}
				}
			}
			if (count > 0) {
				rows += count;
				problems.add("  " + count + " " + check.title() + ":");
				found.forEach((line) -> problems.add("    " + line));
				if (count > found.size()) {
					problems.add("    ... and " + (count - found.size()) + " more");
				}
			}
		}
		if (rows > 0) {
			throw new FlywayException("The trade schema cannot become byte-exact (migration V2, utf8mb4_bin): " + rows
					+ " row(s) would change meaning.\n" + String.join("\n", problems)
					+ "\nNothing was changed. Fix these rows (deduct-consumer/README.md, \"Migration V2\") and start again.");
		}
	}

	/** A trade schema from before V2: t_order exists, without the pay_no column V2 adds. */
	private static boolean awaitsByteExactIdentities(Connection connection) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("SELECT COLUMN_NAME FROM information_schema.columns"
				+ " WHERE table_schema = DATABASE() AND table_name = 't_order'");
				ResultSet rs = statement.executeQuery()) {
			boolean exists = false;
			while (rs.next()) {
				exists = true;
				if ("pay_no".equalsIgnoreCase(rs.getString(1))) {
					return false;
				}
			}
			return exists;
		}
	}

	private record Check(String title, String sql, RowDescription row) {

	}

	@FunctionalInterface
	private interface RowDescription {

		String describe(ResultSet rs) throws SQLException;

	}

}
