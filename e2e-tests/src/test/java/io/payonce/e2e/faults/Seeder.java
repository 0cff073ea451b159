package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.MariaDbNode;
import io.payonce.platform.callback.PayCallback;

/**
 * Plays the shop: opens accounts and places INIT orders in batches (thousands per scenario; a connection per row
 * would cost minutes), places single orders while their payments arrive, and makes the few direct changes a
 * scenario needs: a top-up, a refund set by hand (as root, so that the order audit tells the test's changes from
 * the pipeline's).
 */
final class Seeder {

	private final MariaDbNode mariaDb;

	Seeder(MariaDbNode mariaDb) {
		this.mariaDb = mariaDb;
	}

	/**
	 * Opens {@code count} accounts with {@code balance} and one INIT order of {@code amount} each, the i-th for
	 * user {@code scope.firstUser() + i}; returns the matching successful callbacks.
	 */
	List<PayCallback> payableOrders(Scope scope, int count, BigDecimal balance, BigDecimal amount) {
		List<PayCallback> callbacks = payments(scope, count, amount, false);
		openAccounts(scope, callbacks.stream().map(PayCallback::userId).toList(), balance);
		placeOrders(callbacks);
		return callbacks;
	}

	/**
	 * The callbacks of {@code count} payments, without any order placed: user {@code firstUser + i}, or the
	 * scope's first user for all of them ({@code oneAccount}).
	 */
	List<PayCallback> payments(Scope scope, int count, BigDecimal amount, boolean oneAccount) {
		if (scope.firstUser() + count - 1 > scope.lastUser()) {
			throw new IllegalArgumentException(count + " payments exceed the users of " + scope.name());
		}
		List<PayCallback> callbacks = new ArrayList<>(count);
		Instant paidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < count; i++) {
			String orderNo = scope.prefix() + i;
			long userId = oneAccount ? scope.firstUser() : scope.firstUser() + i;
			callbacks.add(PayCallback.success("PAY-" + orderNo.substring(4), orderNo, userId, amount, paidAt));
		}
		return callbacks;
	}

	void openAccounts(Scope scope, List<Long> userIds, BigDecimal balance) {
		List<Long> distinct = userIds.stream().distinct().toList();
		batch("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, 'CNY')", distinct.size(), (statement,
				i) -> {
			statement.setLong(1, distinct.get(i));
			statement.setBigDecimal(2, balance);
		});
		distinct.forEach(userId -> scope.opened(userId, balance));
	}

	/** One INIT order per callback, in one transaction. */
	void placeOrders(List<PayCallback> callbacks) {
		batch("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, 'CNY', 'INIT')",
				callbacks.size(), (statement, i) -> {
					statement.setString(1, callbacks.get(i).orderNo());
					statement.setLong(2, callbacks.get(i).userId());
					statement.setBigDecimal(3, callbacks.get(i).amount());
				});
	}

	/** One INIT order in its own transaction, as a shop places it. */
	void placeOrder(PayCallback callback) {
		placeOrders(List.of(callback));
	}

	void topUp(Scope scope, long userId, BigDecimal amount) {
		asRoot("UPDATE payonce_trade.t_account SET balance = balance + ? WHERE user_id = ?", amount, userId);
		scope.toppedUp(userId, amount);
	}

	/** Sets the order's state by hand, as the refund flow of the shop would; the pipeline must leave it. */
	void setOrderStatus(Scope scope, String orderNo, String status) {
		asRoot("UPDATE payonce_trade.t_order SET status = ? WHERE order_no = ?", status, orderNo);
		scope.pinned(orderNo, status);
	}

	@FunctionalInterface
	private interface Row {

		void bind(PreparedStatement statement, int index) throws SQLException;

	}

	private void batch(String sql, int rows, Row row) {
		try (Connection connection = trade(); PreparedStatement statement = connection.prepareStatement(sql)) {
			connection.setAutoCommit(false);
			for (int i = 0; i < rows; i++) {
				row.bind(statement, i);
				statement.addBatch();
			}
			statement.executeBatch();
			connection.commit();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

	private void asRoot(String sql, Object... args) {
		try (Connection connection = this.mariaDb.rootConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < args.length; i++) {
				statement.setObject(i + 1, args[i]);
			}
			if (statement.executeUpdate() != 1) {
				throw new IllegalStateException(sql + " changed no row");
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

	private Connection trade() throws SQLException {
		return DriverManager.getConnection(this.mariaDb.jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
				LocalDatabase.TRADE.password());
	}

}
