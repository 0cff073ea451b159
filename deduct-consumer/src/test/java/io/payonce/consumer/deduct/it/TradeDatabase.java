package io.payonce.consumer.deduct.it;

import java.math.BigDecimal;

import io.payonce.infra.LocalDatabase;
import org.flywaydb.core.Flyway;
import io.payonce.infra.LocalStack;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The trade schema as a test sees it: seed accounts and orders, read the ledger. */
final class TradeDatabase {

	private final JdbcTemplate jdbc;

	TradeDatabase(LocalStack stack) {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
				LocalDatabase.TRADE.password());
		// The schema is the consumer's own Flyway migration; a test may seed before any consumer has started.
		Flyway.configure()
			.dataSource(dataSource)
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.TRADE_APP))
			.load()
			.migrate();
		this.jdbc = new JdbcTemplate(dataSource);
	}

	void account(long userId, String balance) {
		this.jdbc.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, 'CNY')", userId,
				new BigDecimal(balance));
	}

	void order(String orderNo, long userId, String amount, String status) {
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, 'CNY', ?)",
				orderNo, userId, new BigDecimal(amount), status);
	}

	int deductions(String orderNo) {
		Integer count = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM t_account_flow WHERE biz_no = ? AND type = 'PAY_DEDUCT'", Integer.class, orderNo);
		return (count != null) ? count : 0;
	}

	int deductionsOfUser(long userId) {
		Integer count = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM t_account_flow WHERE user_id = ? AND type = 'PAY_DEDUCT'", Integer.class, userId);
		return (count != null) ? count : 0;
	}

	BigDecimal balance(long userId) {
		return this.jdbc.queryForObject("SELECT balance FROM t_account WHERE user_id = ?", BigDecimal.class, userId);
	}

	String orderStatus(String orderNo) {
		return this.jdbc.queryForObject("SELECT status FROM t_order WHERE order_no = ?", String.class, orderNo);
	}

	int outboxRows() {
		Integer count = this.jdbc.queryForObject("SELECT COUNT(*) FROM t_outbox", Integer.class);
		return (count != null) ? count : 0;
	}

}
