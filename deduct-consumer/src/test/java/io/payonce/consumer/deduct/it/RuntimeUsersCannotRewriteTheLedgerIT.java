package io.payonce.consumer.deduct.it;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The grants of the consumer's migration on the real MariaDB: the insert-only ledger is insert-only for the
 * consumer's runtime user, and the relay's CDC user reads the outbox and nothing else. The deductions themselves
 * run as that runtime user in every other IT of this module.
 */
class RuntimeUsersCannotRewriteTheLedgerIT {

	static final LocalStack stack = LocalStack.shared();

	static TradeDatabase trade;

	@BeforeAll
	static void migrateAsTheConsumerDoes() {
		trade = new TradeDatabase(stack);
	}

	@Test
	void theConsumersUserAppendsToTheLedgerButCannotChangeOrRemoveAFlow() throws SQLException {
		// given a flow in the ledger
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "100.00");
		try (Connection runtime = connect(LocalDatabase.TRADE_APP); Statement statement = runtime.createStatement()) {
			statement.executeUpdate("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (" + user
					+ ", -1.00, '" + orderNo + "', 'PAY_DEDUCT')");
			runtime.commit();

			// then the statements that would rewrite history are refused by the database itself
			for (String sql : List.of("UPDATE t_account_flow SET amount = 0 WHERE biz_no = '" + orderNo + "'",
					"DELETE FROM t_account_flow WHERE biz_no = '" + orderNo + "'", "TRUNCATE TABLE t_account_flow",
					"DROP TABLE t_account_flow", "ALTER TABLE t_account_flow DROP INDEX uk_biz_no_type",
					"SELECT * FROM t_reversal_audit", "GRANT UPDATE ON t_account_flow TO 'payonce_trade_app'@'%'")) {
				assertThatThrownBy(() -> statement.execute(sql)).as(sql)
					.isInstanceOf(SQLException.class)
					.hasMessageContaining("denied");
			}
		}
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("100.00"));
	}

	@Test
	void theCdcUserReadsTheOutboxAndNothingElse() throws SQLException {
		try (Connection cdc = DriverManager.getConnection(stack.mariaDb().jdbcUrl(""), LocalDatabase.CDC.user(),
				LocalDatabase.CDC.password()); Statement statement = cdc.createStatement()) {
			statement.executeQuery("SELECT COUNT(*) FROM payonce_trade.t_outbox").close();
			for (String sql : List.of("SELECT * FROM payonce_trade.t_account_flow", "SELECT * FROM payonce_trade.t_account",
					"SELECT * FROM mysql.global_priv", "INSERT INTO payonce_trade.t_outbox (id, aggregatetype, aggregateid,"
							+ " type, payload) VALUES ('x', 'pay.success', 'x', 'PaySuccess', '{}')")) {
				assertThatThrownBy(() -> statement.execute(sql)).as(sql)
					.isInstanceOf(SQLException.class)
					.hasMessageContaining("denied");
			}
		}
	}

	private static Connection connect(LocalDatabase account) throws SQLException {
		Connection connection = DriverManager.getConnection(stack.mariaDb().jdbcUrl(account.schema()), account.user(),
				account.password());
		connection.setAutoCommit(false);
		return connection;
	}

}
