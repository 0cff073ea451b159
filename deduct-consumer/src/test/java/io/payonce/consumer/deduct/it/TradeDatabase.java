package io.payonce.consumer.deduct.it;

import java.math.BigDecimal;

import io.payonce.consumer.deduct.infra.JdbcLedger;
import io.payonce.consumer.schema.TradeSchemaPreflight;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

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
			.callbacks(new TradeSchemaPreflight())
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.TRADE_APP))
			.load()
			.migrate();
		this.jdbc = new JdbcTemplate(dataSource);
	}

	/** An account in CNY, the currency of {@link Fixtures#aPayment}. */
	void account(long userId, String balance) {
		account(userId, balance, "CNY");
	}

	void account(long userId, String balance, String currency) {
		this.jdbc.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, ?)", userId,
				new BigDecimal(balance), currency);
	}

	/** An order in CNY, the currency of {@link Fixtures#aPayment}. */
	void order(String orderNo, long userId, String amount, String status) {
		order(orderNo, userId, amount, "CNY", status);
	}

	void order(String orderNo, long userId, String amount, String currency, String status) {
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, ?, ?)",
				orderNo, userId, new BigDecimal(amount), currency, status);
	}

	/** A flow booked outside the consumer (by hand, by an older ledger); {@code payNo} may be {@code null}. */
	void flow(long userId, String amount, String bizNo, String type, String payNo) {
		this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type, pay_no) VALUES (?, ?, ?, ?, ?)",
				userId, new BigDecimal(amount), bizNo, type, payNo);
	}

	/** An order PAID as a ledger from before payNos were recorded left it. */
	void paidOrderWithoutPayNo(String orderNo, long userId, String amount) {
		order(orderNo, userId, amount, "PAID");
	}

	/** The ledger of the consumer on this database, without a consumer around it. */
	JdbcLedger ledger() {
		return new JdbcLedger(this.jdbc, new TransactionTemplate(new DataSourceTransactionManager(this.jdbc.getDataSource())));
	}

	/**
	 * The consumer's ledger on a connection of its own, whose session counters tell what statements the ledger sent
	 * ({@code SHOW SESSION STATUS}, e.g. {@code Com_update}).
	 */
	OneConnectionLedger ledgerOnOneConnection() {
		DriverManagerDataSource shared = (DriverManagerDataSource) this.jdbc.getDataSource();
		SingleConnectionDataSource one = new SingleConnectionDataSource(shared.getUrl(), shared.getUsername(),
				shared.getPassword(), true);
		JdbcTemplate jdbc = new JdbcTemplate(one);
		return new OneConnectionLedger(
				new JdbcLedger(jdbc, new TransactionTemplate(new DataSourceTransactionManager(one))), jdbc, one);
	}

	/** A ledger and its one connection. */
	record OneConnectionLedger(JdbcLedger ledger, JdbcTemplate jdbc, SingleConnectionDataSource dataSource)
			implements AutoCloseable {

		/** A counter of this session, e.g. {@code Com_update}: the statements of that kind it has run. */
		long counter(String name) {
			return this.jdbc.query("SHOW SESSION STATUS LIKE ?", (rs) -> {
				rs.next();
				return rs.getLong("Value");
			}, name);
		}

		@Override
		public void close() {
			this.dataSource.destroy();
		}

	}

	/** The payNo that paid the order, {@code null} if none is recorded. */
	String orderPayNo(String orderNo) {
		return this.jdbc.queryForObject("SELECT pay_no FROM t_order WHERE order_no = ?", String.class, orderNo);
	}

	/** The payNo of the order's deduction flow. */
	String deductionPayNo(String orderNo) {
		return this.jdbc.queryForObject("SELECT pay_no FROM t_account_flow WHERE biz_no = ? AND type = 'PAY_DEDUCT'",
				String.class, orderNo);
	}

	/** The id of the order's deduction flow. */
	long deductionFlowId(String orderNo) {
		Long id = this.jdbc.queryForObject("SELECT id FROM t_account_flow WHERE biz_no = ? AND type = 'PAY_DEDUCT'",
				Long.class, orderNo);
		return (id != null) ? id : -1;
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

	/**
	 * Freezes the account's deductions as the reconciliation's freeze API writes it (a row FROZEN, or the CAS
	 * UNFROZEN → FROZEN), the row count checked.
	 */
	void freeze(long userId) {
		int changed = this.jdbc.update("""
				INSERT INTO t_account_freeze (user_id, status, version, changed_by, changed_at, reason)
				VALUES (?, 'FROZEN', 1, 'it', NOW(3), 'test freeze')
				ON DUPLICATE KEY UPDATE version = IF(status = 'UNFROZEN', version + 1, version),
				status = 'FROZEN'""", userId);
		if (changed == 0) {
			throw new IllegalStateException("user " + userId + " was frozen already");
		}
	}

	/** Unfreezes: the CAS FROZEN → UNFROZEN, the row count checked. */
	void unfreeze(long userId) {
		int changed = this.jdbc.update(
				"UPDATE t_account_freeze SET status = 'UNFROZEN', version = version + 1 WHERE user_id = ? AND status = 'FROZEN'",
				userId);
		if (changed != 1) {
			throw new IllegalStateException("user " + userId + " was not frozen");
		}
	}

	int outboxRows() {
		Integer count = this.jdbc.queryForObject("SELECT COUNT(*) FROM t_outbox", Integer.class);
		return (count != null) ? count : 0;
	}

}
