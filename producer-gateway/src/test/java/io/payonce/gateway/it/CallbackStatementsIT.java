package io.payonce.gateway.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What one callback costs the database, read from MariaDB's general log (what the server received, not what
 * the code meant to send), with the production clean-up IMMEDIATE. A new payment is inserted without a read
 * first and without toggling autocommit; a duplicate or conflict pays one refused INSERT instead of the read
 * it used to start with. Statements on connections opened meanwhile (pool start, reconnects) are left out:
 * they are the driver's connection set-up, not the callback's. The gateway works as its runtime user
 * ({@code payonce_gateway_app}); its owner only migrates.
 */
class CallbackStatementsIT extends GatewayIntegrationTest {

	private static final Pattern TABLE = Pattern.compile("\\b(t_\\w+)");

	@DynamicPropertySource
	static void immediateCleanup(DynamicPropertyRegistry registry) {
		registry.add("payonce.gateway.outbox.cleanup", () -> "IMMEDIATE");
	}

	@Autowired
	DataSource dataSource;

	@BeforeEach
	void startGeneralLog() throws SQLException {
		// Hikari opens all but the first connection in the background: a connection opened across the log's
		// start would show its set-up statements (set sql_mode …, set autocommit=0) as if they were the callback's
		HikariDataSource pool = this.dataSource.unwrap(HikariDataSource.class);
		await().atMost(Duration.ofSeconds(60))
			.until(() -> pool.getHikariPoolMXBean() != null
					&& pool.getHikariPoolMXBean().getTotalConnections() >= pool.getMinimumIdle());
		root("SET GLOBAL log_output = 'TABLE'", "SET GLOBAL general_log = 1", "TRUNCATE TABLE mysql.general_log");
	}

	@AfterEach
	void stopGeneralLog() throws SQLException {
		root("SET GLOBAL general_log = 0", "TRUNCATE TABLE mysql.general_log");
	}

	@Test
	void newPaymentIsFourStatements() throws SQLException {
		// when
		String id = newId();
		String answer = postSigned(aCallbackBody(id, "199.00")).body();

		// then
		assertThat(answer).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(gatewayStatements()).containsExactly("INSERT t_payment", "INSERT t_outbox", "DELETE t_outbox",
				"COMMIT");
	}

	@Test
	void duplicateIsARefusedInsertThenTheReadAndTheCounter() throws SQLException {
		// given
		String id = anAcceptedPaymentBeforeTheLog();

		// when
		String answer = postSigned(aCallbackBody(id, "199.00")).body();

		// then
		assertThat(answer).isEqualTo("{\"result\":\"DUPLICATE\"}");
		assertThat(gatewayStatements()).containsExactly("INSERT t_payment", "SELECT t_payment", "UPDATE t_payment",
				"COMMIT");
	}

	@Test
	void conflictIsARefusedInsertThenTheReadAndWritesNothing() throws SQLException {
		// given
		String id = anAcceptedPaymentBeforeTheLog();

		// when
		int status = postSigned(aCallbackBody(id, "1.00")).statusCode();

		// then
		assertThat(status).isEqualTo(409);
		assertThat(gatewayStatements()).containsExactly("INSERT t_payment", "SELECT t_payment", "COMMIT");
		assertThat(this.jdbc.sql("SELECT CONCAT(amount, ' ', duplicate_count) FROM t_payment WHERE pay_no = ?")
			.params("N-" + id)
			.query(String.class)
			.list()).as("the one row, unchanged").containsExactly("199.00 0");
	}

	@Test
	void secondPaymentIsARefusedInsertAndTheReadThenItsOwnRowAndEventInASecondTransaction() throws SQLException {
		// given
		String id = anAcceptedPaymentBeforeTheLog();

		// when another payNo for the same order succeeds
		String answer = postSigned(aCallbackBody(id, "199.00").replace("\"N-" + id + "\"", "\"S-" + id + "\"")).body();

		// then
		assertThat(answer).isEqualTo("{\"result\":\"DUPLICATE_PAYMENT\"}");
		assertThat(gatewayStatements()).containsExactly("INSERT t_payment", "SELECT t_payment", "COMMIT",
				"INSERT t_payment", "INSERT t_outbox", "DELETE t_outbox", "COMMIT");
	}

	/** Records a payment, then empties the log: what follows is only the next callback's. */
	private String anAcceptedPaymentBeforeTheLog() throws SQLException {
		String id = newId();
		assertThat(postSigned(aCallbackBody(id, "199.00")).body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		root("TRUNCATE TABLE mysql.general_log");
		return id;
	}

	/** The gateway's statements since the log was emptied, as {@code VERB table}, in the order received. */
	private List<String> gatewayStatements() throws SQLException {
		List<String[]> entries = new ArrayList<>();
		Set<Long> newConnections = new HashSet<>();
		try (Connection root = LocalStack.shared().mariaDb().rootConnection();
				Statement statement = root.createStatement();
				// The log is a CSV table: rows come back in the order they were written.
				ResultSet rs = statement.executeQuery("""
						SELECT thread_id, command_type, CONVERT(argument USING utf8mb4) AS argument
						FROM mysql.general_log WHERE user_host LIKE '%s[%%'""".formatted(LocalDatabase.GATEWAY_APP.user()))) {
			while (rs.next()) {
				if ("Connect".equals(rs.getString("command_type"))) {
					newConnections.add(rs.getLong("thread_id"));
				}
				else if (List.of("Query", "Execute").contains(rs.getString("command_type"))) {
					entries.add(new String[] { rs.getString("thread_id"), rs.getString("argument") });
				}
			}
		}
		return entries.stream()
			.filter((entry) -> !newConnections.contains(Long.parseLong(entry[0])))
			.map((entry) -> shape(entry[1]))
			.toList();
	}

	/** {@code INSERT INTO t_payment (…)} → {@code INSERT t_payment}; {@code COMMIT} stays as it is. */
	private static String shape(String sql) {
		String trimmed = sql.strip();
		String verb = trimmed.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
		Matcher table = TABLE.matcher(trimmed);
		return table.find() ? verb + " " + table.group(1) : trimmed;
	}

	private static void root(String... sql) throws SQLException {
		try (Connection root = LocalStack.shared().mariaDb().rootConnection();
				Statement statement = root.createStatement()) {
			for (String each : sql) {
				statement.execute(each);
			}
		}
	}

}
