package io.payonce.bench;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.MariaDbNode;

/** The MariaDB side of the benchmark: durability settings, seeding, the raw commit limit, reading results. */
final class Db {

	static final BigDecimal AMOUNT = new BigDecimal("25.00");

	static final BigDecimal BALANCE = new BigDecimal("100.00");

	/** One payable order: an account with {@link #BALANCE} and an INIT order of {@link #AMOUNT}. */
	record Order(String orderNo, String payNo, long userId) {

	}

	private final MariaDbNode node;

	Db(MariaDbNode node) {
		this.node = node;
	}

	Connection root() {
		return this.node.rootConnection();
	}

	Connection connect(LocalDatabase database) throws SQLException {
		return DriverManager.getConnection(this.node.jdbcUrl(database.schema()), database.user(),
				database.password());
	}

	Connection rootIn(String schema) throws SQLException {
		return DriverManager.getConnection(this.node.jdbcUrl(schema), this.node.rootUser(), this.node.rootPassword());
	}

	/**
	 * The durable settings the issue asks for. MariaDB 11.4 defaults innodb_flush_log_at_trx_commit to 1 but
	 * sync_binlog to 0 (the binlog is then only flushed by the OS): set both, and return what the server reports.
	 */
	Map<String, String> makeDurable() throws SQLException {
		try (Connection c = root(); Statement s = c.createStatement()) {
			s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = 1");
			s.execute("SET GLOBAL sync_binlog = 1");
			// every deadlock's two transactions in MariaDB's error log (stack/mariadb.log): a poll rolled back by a
			// deadlock is redone whole, so the run counts them (Innodb_deadlocks) and keeps what caused them
			s.execute("SET GLOBAL innodb_print_all_deadlocks = ON");
			Map<String, String> vars = new LinkedHashMap<>();
			try (ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN "
					+ "('innodb_flush_log_at_trx_commit','sync_binlog','log_bin','binlog_format','innodb_flush_method',"
					+ "'binlog_commit_wait_count','innodb_buffer_pool_size','innodb_print_all_deadlocks','version')")) {
				while (rs.next()) {
					vars.put(rs.getString(1), rs.getString(2));
				}
			}
			return vars;
		}
	}

	/** Global status counters (e.g. Com_insert, Innodb_os_log_fsyncs, Binlog_group_commits). */
	Map<String, Long> status(String... names) throws SQLException {
		Map<String, Long> values = new LinkedHashMap<>();
		try (Connection c = root(); Statement s = c.createStatement();
				ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('" + String.join("','", names)
						+ "')")) {
			while (rs.next()) {
				values.put(rs.getString(1), Long.parseLong(rs.getString(2)));
			}
		}
		return values;
	}

	static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
		Map<String, Long> delta = new LinkedHashMap<>();
		before.forEach((k, v) -> delta.put(k, after.getOrDefault(k, v) - v));
		return delta;
	}

	/** Accounts and INIT orders in payonce_trade (tables created by deduct-consumer's Flyway). */
	void seedTrade(List<Order> orders) throws SQLException {
		try (Connection c = connect(LocalDatabase.TRADE)) {
			seed(c, "", orders);
		}
	}

	/**
	 * A schema of its own for a baseline consumer, with the trade tables; {@code guarded} adds what the
	 * database-only dedupe relies on (unique flow key, dedupe table), the naive schema has none of it.
	 */
	void createBaselineSchema(String schema, boolean guarded, List<Order> orders) throws SQLException {
		try (Connection c = root(); Statement s = c.createStatement()) {
			s.execute("DROP DATABASE IF EXISTS " + schema);
			s.execute("CREATE DATABASE " + schema);
			s.execute("CREATE TABLE " + schema + ".t_order (order_no VARCHAR(64) NOT NULL PRIMARY KEY, user_id BIGINT NOT NULL,"
					+ " amount DECIMAL(19,2) NOT NULL, currency CHAR(3) NOT NULL, status VARCHAR(16) NOT NULL,"
					+ " created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
					+ " updated_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3))");
			s.execute("CREATE TABLE " + schema + ".t_account (user_id BIGINT NOT NULL PRIMARY KEY,"
					+ " balance DECIMAL(19,2) NOT NULL, currency CHAR(3) NOT NULL,"
					+ " updated_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3))");
			// the incident's flow table: no unique key on the business number (that was part of the bug)
			s.execute("CREATE TABLE " + schema + ".t_account_flow (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
					+ " user_id BIGINT NOT NULL, amount DECIMAL(19,2) NOT NULL, biz_no VARCHAR(64) NOT NULL,"
					+ " type VARCHAR(32) NOT NULL, created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
					+ (guarded ? " UNIQUE KEY uk_biz_no_type (biz_no, type)," : "") + " KEY idx_flow_user (user_id))");
			if (guarded) {
				// Eventuate Tram's received_messages: one row per (consumer, message id), in the business transaction
				s.execute("CREATE TABLE " + schema + ".received_messages (consumer_id VARCHAR(64) NOT NULL,"
						+ " message_id VARCHAR(64) NOT NULL, creation_time TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
						+ " PRIMARY KEY (consumer_id, message_id))");
			}
		}
		try (Connection c = rootIn(schema)) {
			seed(c, "", orders);
		}
	}

	private static void seed(Connection c, String prefix, List<Order> orders) throws SQLException {
		int batch = 1000;
		try (Statement s = c.createStatement()) {
			for (int from = 0; from < orders.size(); from += batch) {
				List<Order> chunk = orders.subList(from, Math.min(orders.size(), from + batch));
				StringBuilder accounts = new StringBuilder(
						"INSERT INTO " + prefix + "t_account (user_id, balance, currency) VALUES ");
				StringBuilder orderRows = new StringBuilder(
						"INSERT INTO " + prefix + "t_order (order_no, user_id, amount, currency, status) VALUES ");
				for (int i = 0; i < chunk.size(); i++) {
					Order o = chunk.get(i);
					String sep = (i == 0) ? "" : ",";
					accounts.append(sep).append('(').append(o.userId()).append(',').append(BALANCE).append(",'CNY')");
					orderRows.append(sep)
						.append("('")
						.append(o.orderNo())
						.append("',")
						.append(o.userId())
						.append(',')
						.append(AMOUNT)
						.append(",'CNY','INIT')");
				}
				s.execute(accounts.toString());
				s.execute(orderRows.toString());
			}
		}
	}

	/**
	 * The limit: durable single-row commits per second (autocommit INSERT, each one a redo-log and binlog
	 * group commit) from {@code threads} connections for {@code seconds}.
	 */
	double rawCommitRate(int threads, double seconds) throws Exception {
		try (Connection c = root(); Statement s = c.createStatement()) {
			s.execute("DROP DATABASE IF EXISTS bench_limit");
			s.execute("CREATE DATABASE bench_limit");
			s.execute("CREATE TABLE bench_limit.t_commit (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
					+ " biz_no VARCHAR(64) NOT NULL, created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3))");
		}
		LongAdder commits = new LongAdder();
		AtomicBoolean measuring = new AtomicBoolean(false);
		AtomicBoolean stop = new AtomicBoolean(false);
		CountDownLatch ready = new CountDownLatch(threads);
		List<Thread> workers = new ArrayList<>();
		List<Exception> errors = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int id = t;
			Thread worker = new Thread(() -> {
				try (Connection c = rootIn("bench_limit");
						PreparedStatement insert = c.prepareStatement("INSERT INTO t_commit (biz_no) VALUES (?)")) {
					ready.countDown();
					long n = 0;
					while (!stop.get()) {
						insert.setString(1, "L" + id + "-" + n++);
						insert.executeUpdate();
						if (measuring.get()) {
							commits.increment();
						}
					}
				}
				catch (SQLException ex) {
					synchronized (errors) {
						errors.add(ex);
					}
					ready.countDown();
				}
			}, "bench-limit-" + t);
			workers.add(worker);
			worker.start();
		}
		ready.await();
		Thread.sleep(1000); // warm-up: connections open, pages cached
		measuring.set(true);
		long start = System.nanoTime();
		Thread.sleep((long) (seconds * 1000));
		measuring.set(false);
		double elapsed = (System.nanoTime() - start) / 1e9;
		stop.set(true);
		for (Thread worker : workers) {
			worker.join();
		}
		if (!errors.isEmpty()) {
			throw errors.get(0);
		}
		return commits.sum() / elapsed;
	}

	/** orderNo → epoch millis of its PAY_DEDUCT flow (the statement time inside the deduction transaction). */
	Map<String, Long> flowTimes(String schema, String bizNoPrefix) throws SQLException {
		Map<String, Long> times = new HashMap<>();
		try (Connection c = rootIn(schema);
				PreparedStatement q = c.prepareStatement(
						"SELECT biz_no, ROUND(UNIX_TIMESTAMP(created_at) * 1000) FROM t_account_flow WHERE biz_no LIKE ?")) {
			q.setString(1, bizNoPrefix + "%");
			try (ResultSet rs = q.executeQuery()) {
				while (rs.next()) {
					Long previous = times.put(rs.getString(1), rs.getLong(2));
					if (previous != null) {
						times.put(rs.getString(1) + "#dup" + previous, previous);
					}
				}
			}
		}
		return times;
	}

	/**
	 * What {@code schema} holds for one set of payments: flows, distinct business numbers, PAID orders of the
	 * prefix, and what the accounts of the set (its user ids) lost in total.
	 * @param expected payments that must be deducted; @param accepted those the load generator saw accepted
	 */
	ExactlyOnce.Check exactlyOnceCheck(String name, String schema, String bizNoPrefix, List<Order> set, long expected,
			long accepted) throws SQLException {
		long fromUser = set.stream().mapToLong(Order::userId).min().orElse(0);
		long toUser = set.stream().mapToLong(Order::userId).max().orElse(-1);
		try (Connection c = rootIn(schema);
				PreparedStatement q = c.prepareStatement("SELECT COUNT(*), COUNT(DISTINCT biz_no),"
						+ " (SELECT COUNT(*) FROM t_order WHERE order_no LIKE ? AND status = 'PAID'),"
						+ " (SELECT COALESCE(SUM(? - balance), 0) FROM t_account WHERE user_id BETWEEN ? AND ?)"
						+ " FROM t_account_flow WHERE biz_no LIKE ? AND type = 'PAY_DEDUCT'")) {
			q.setString(1, bizNoPrefix + "%");
			q.setBigDecimal(2, BALANCE);
			q.setLong(3, fromUser);
			q.setLong(4, toUser);
			q.setString(5, bizNoPrefix + "%");
			try (ResultSet rs = q.executeQuery()) {
				rs.next();
				return new ExactlyOnce.Check(name, expected, accepted, rs.getLong(1), rs.getLong(2), rs.getLong(3),
						cents(rs.getBigDecimal(4)), cents(AMOUNT));
			}
		}
	}

	/** The gateway's payments of a prefix that have their event: what the pipeline owes a deduction for. */
	long gatewayPayments(String orderNoPrefix) throws SQLException {
		try (Connection c = rootIn(LocalDatabase.GATEWAY.schema());
				PreparedStatement q = c.prepareStatement(
						"SELECT COUNT(*) FROM t_payment WHERE order_no LIKE ? AND event_id IS NOT NULL")) {
			q.setString(1, orderNoPrefix + "%");
			try (ResultSet rs = q.executeQuery()) {
				rs.next();
				return rs.getLong(1);
			}
		}
	}

	private static long cents(BigDecimal amount) {
		return amount.movePointRight(2).longValueExact();
	}

	long countFlows(String schema, String bizNoPrefix) throws SQLException {
		try (Connection c = rootIn(schema);
				PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM t_account_flow WHERE biz_no LIKE ?")) {
			q.setString(1, bizNoPrefix + "%");
			try (ResultSet rs = q.executeQuery()) {
				rs.next();
				return rs.getLong(1);
			}
		}
	}

}
