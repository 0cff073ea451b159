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
import io.payonce.platform.callback.PayCallback;

/**
 * Seeds accounts and INIT orders in batches (thousands per scenario; one connection per row as
 * {@code TradeLedger} does would cost minutes), and makes the few direct changes a scenario needs: a top-up, a
 * refund set by hand.
 */
final class Seeder {

	private final int mariaDbPort;

	Seeder(int mariaDbPort) {
		this.mariaDbPort = mariaDbPort;
	}

	/**
	 * Opens {@code count} accounts with {@code balance} and one INIT order of {@code amount} each, the i-th for
	 * user {@code scope.firstUser() + i}; returns the matching successful callbacks.
	 */
	List<PayCallback> payableOrders(Scope scope, int count, BigDecimal balance, BigDecimal amount) {
		if (scope.firstUser() + count - 1 > scope.lastUser()) {
			throw new IllegalArgumentException(count + " payments exceed the users of " + scope.name());
		}
		List<PayCallback> callbacks = new ArrayList<>(count);
		Instant paidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < count; i++) {
			String orderNo = scope.prefix() + i;
			callbacks.add(PayCallback.success("PAY-" + orderNo.substring(4), orderNo, scope.firstUser() + i, amount,
					paidAt));
		}
		try (Connection connection = connect();
				PreparedStatement account = connection.prepareStatement(
						"INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, 'CNY')");
				PreparedStatement order = connection.prepareStatement(
						"INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, 'CNY', 'INIT')")) {
			connection.setAutoCommit(false);
			for (PayCallback callback : callbacks) {
				account.setLong(1, callback.userId());
				account.setBigDecimal(2, balance);
				account.addBatch();
				order.setString(1, callback.orderNo());
				order.setLong(2, callback.userId());
				order.setBigDecimal(3, callback.amount());
				order.addBatch();
			}
			account.executeBatch();
			order.executeBatch();
			connection.commit();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("seeding " + scope.name() + " failed: " + ex.getMessage(), ex);
		}
		callbacks.forEach(callback -> scope.opened(callback.userId(), balance));
		return callbacks;
	}

	void topUp(Scope scope, long userId, BigDecimal amount) {
		update("UPDATE t_account SET balance = balance + ? WHERE user_id = ?", amount, userId);
		scope.toppedUp(userId, amount);
	}

	/** Sets the order's state by hand, as the refund flow of the shop would; the pipeline must leave it. */
	void setOrderStatus(Scope scope, String orderNo, String status) {
		update("UPDATE t_order SET status = ? WHERE order_no = ?", status, orderNo);
		scope.pinned(orderNo, status);
	}

	private void update(String sql, Object... args) {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
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

	private Connection connect() throws SQLException {
		return DriverManager.getConnection(
				"jdbc:mariadb://127.0.0.1:" + this.mariaDbPort + "/" + LocalDatabase.TRADE.schema(),
				LocalDatabase.TRADE.user(), LocalDatabase.TRADE.password());
	}

}
