package io.payonce.infra.pipeline;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.MariaDbNode;

/**
 * Seeds and reads the trade schema (owned by deduct-consumer, which creates the tables with Flyway) and the
 * gateway schema, as the trade and gateway accounts. For the demo and black-box tests; it is not how the
 * services themselves touch the data.
 */
public final class TradeLedger {

	private final int mariaDbPort;

	/** @param mariaDbPort the local MariaDB on 127.0.0.1 */
	public TradeLedger(int mariaDbPort) {
		this.mariaDbPort = mariaDbPort;
	}

	public static TradeLedger of(MariaDbNode mariaDb) {
		return new TradeLedger(mariaDb.port());
	}

	/**
	 * Opens an account with nothing on it, in one currency (an account has one); an existing account is left as it
	 * is. Money reaches it only through the ledger: a top-up (reconciliation's {@code POST /api/v1/top-ups},
	 * {@code ./payonce topup}), never an UPDATE of its balance.
	 * @return the account as it is now
	 */
	public Account openEmptyAccount(long userId, String currency) {
		trade("INSERT IGNORE INTO t_account (user_id, balance, currency) VALUES (?, 0, ?)", userId, currency);
		return account(userId).orElseThrow(() -> new IllegalStateException("no account " + userId + " after opening it"));
	}

	public Optional<Account> account(long userId) {
		return queryTrade("SELECT user_id, balance, currency FROM t_account WHERE user_id = ?",
				rs -> new Account(rs.getLong(1), rs.getBigDecimal(2), rs.getString(3)), userId)
			.stream()
			.findFirst();
	}

	public Optional<Order> order(String orderNo) {
		return queryTrade("SELECT order_no, user_id, amount, currency, status FROM t_order WHERE order_no = ?",
				rs -> new Order(rs.getString(1), rs.getLong(2), rs.getBigDecimal(3), rs.getString(4), rs.getString(5)),
				orderNo)
			.stream()
			.findFirst();
	}

	/**
	 * Test fixture: creates the account with this balance, or sets the balance of an existing one, without a flow.
	 * The ledger audit cannot explain such a balance; the local tools use {@link #openEmptyAccount} and a top-up.
	 */
	public void openAccount(long userId, BigDecimal balance, String currency) {
		trade("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, ?) "
				+ "ON DUPLICATE KEY UPDATE balance = VALUES(balance), currency = VALUES(currency)", userId, balance,
				currency);
	}

	/** Places an order in state INIT, the only state a payment may move on (to PAID). */
	public void placeOrder(String orderNo, long userId, BigDecimal amount, String currency) {
		trade("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, ?, 'INIT')", orderNo,
				userId, amount, currency);
	}

	public Optional<String> orderStatus(String orderNo) {
		return queryTrade("SELECT status FROM t_order WHERE order_no = ?", rs -> rs.getString(1), orderNo).stream()
			.findFirst();
	}

	public Optional<BigDecimal> balance(long userId) {
		return queryTrade("SELECT balance FROM t_account WHERE user_id = ?", rs -> rs.getBigDecimal(1), userId).stream()
			.findFirst();
	}

	/** Every flow booked for this business number (orderNo), oldest first. */
	public List<Flow> flows(String bizNo) {
		return queryTrade("SELECT user_id, amount, biz_no, type FROM t_account_flow WHERE biz_no = ? ORDER BY id",
				rs -> new Flow(rs.getLong(1), rs.getBigDecimal(2), rs.getString(3), rs.getString(4)), bizNo);
	}

	/** {@code t_payment} rows of this order in the gateway schema. */
	public int paymentCount(String orderNo) {
		return queryGateway("SELECT COUNT(*) FROM t_payment WHERE order_no = ?", rs -> rs.getInt(1), orderNo).get(0);
	}

	/** Duplicate callbacks the gateway absorbed for this order. */
	public int duplicateCount(String orderNo) {
		return queryGateway("SELECT COALESCE(SUM(duplicate_count), 0) FROM t_payment WHERE order_no = ?",
				rs -> rs.getInt(1), orderNo)
			.get(0);
	}

	/** Outbox rows in the gateway schema whose aggregate (orderNo) is this one; normally 0 (insert+delete). */
	public int gatewayOutboxCount(String orderNo) {
		return queryGateway("SELECT COUNT(*) FROM t_outbox WHERE aggregateid = ?", rs -> rs.getInt(1), orderNo).get(0);
	}

	/** {@code true} once both services have migrated their schemas. */
	public boolean schemasReady() {
		return tableExists(LocalDatabase.TRADE, "t_account_flow") && tableExists(LocalDatabase.GATEWAY, "t_payment");
	}

	private boolean tableExists(LocalDatabase database, String table) {
		try (Connection connection = connect(database);
				PreparedStatement statement = connection.prepareStatement(
						"SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?")) {
			statement.setString(1, database.schema());
			statement.setString(2, table);
			try (ResultSet rs = statement.executeQuery()) {
				return rs.next() && rs.getInt(1) == 1;
			}
		}
		catch (SQLException ex) {
			return false;
		}
	}

	/** A {@code t_account} row. */
	public record Account(long userId, BigDecimal balance, String currency) {

	}

	/** A {@code t_order} row. */
	public record Order(String orderNo, long userId, BigDecimal amount, String currency, String status) {

	}

	/** One row of {@code t_account_flow}. */
	public record Flow(long userId, BigDecimal amount, String bizNo, String type) {

	}

	@FunctionalInterface
	private interface RowMapper<T> {

		T map(ResultSet rs) throws SQLException;

	}

	private void trade(String sql, Object... args) {
		try (Connection connection = connect(LocalDatabase.TRADE);
				PreparedStatement statement = prepare(connection, sql, args)) {
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

	private <T> List<T> queryTrade(String sql, RowMapper<T> mapper, Object... args) {
		return query(LocalDatabase.TRADE, sql, mapper, args);
	}

	private <T> List<T> queryGateway(String sql, RowMapper<T> mapper, Object... args) {
		return query(LocalDatabase.GATEWAY, sql, mapper, args);
	}

	private <T> List<T> query(LocalDatabase database, String sql, RowMapper<T> mapper, Object... args) {
		try (Connection connection = connect(database);
				PreparedStatement statement = prepare(connection, sql, args);
				ResultSet rs = statement.executeQuery()) {
			List<T> rows = new ArrayList<>();
			while (rs.next()) {
				rows.add(mapper.map(rs));
			}
			return rows;
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

	private Connection connect(LocalDatabase database) throws SQLException {
		return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + this.mariaDbPort + "/" + database.schema(),
				database.user(), database.password());
	}

	private static PreparedStatement prepare(Connection connection, String sql, Object... args) throws SQLException {
		PreparedStatement statement = connection.prepareStatement(sql);
		for (int i = 0; i < args.length; i++) {
			statement.setObject(i + 1, args[i]);
		}
		return statement;
	}

}
