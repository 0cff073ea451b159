package io.payonce.infra;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The containers of {@code PAYONCE_STACK=testcontainers} (either database): the node controls the fault tests use
 * behave as on the local processes. Skipped unless the switch is on, so by default (and here, without Docker)
 * it runs nothing: written and compiled, not yet run (docs/testcontainers.md).
 */
class ContainerStackIT {

	static LocalStack stack;

	@BeforeAll
	static void sharedContainerStack() {
		assumeTrue(StackOptions.current().mode() == StackOptions.Mode.TESTCONTAINERS,
				"runs only with PAYONCE_STACK=testcontainers (docs/testcontainers.md)");
		stack = LocalStack.shared();
	}

	private static boolean mysql() {
		return stack.options().database() == StackOptions.Database.MYSQL;
	}

	@Test
	void databaseWritesTheBinlogTheRelayFlavourNeeds() throws SQLException {
		try (Connection root = stack.mariaDb().rootConnection()) {
			assertThat(LocalStackIT.variable(root, "log_bin")).isEqualTo("ON");
			assertThat(LocalStackIT.variable(root, "binlog_format")).isEqualTo("ROW");
			assertThat(LocalStackIT.variable(root, "binlog_row_image")).isEqualTo("FULL");
			assertThat(LocalStackIT.variable(root, "server_id")).isEqualTo("1");
			assertThat(LocalStackIT.variable(root, "version")).contains(mysql() ? "8.4" : "11.4");
			if (mysql()) {
				assertThat(LocalStackIT.variable(root, "gtid_mode")).isEqualTo("ON");
				assertThat(LocalStackIT.variable(root, "enforce_gtid_consistency")).isEqualTo("ON");
			}
		}
	}

	@Test
	void theCdcUserReadsTheBinlogAndCannotWrite() throws SQLException {
		LocalDatabase cdc = LocalDatabase.CDC;
		try (Connection connection = DriverManager.getConnection(stack.mariaDb().jdbcUrl(""), cdc.user(),
				cdc.password()); Statement statement = connection.createStatement()) {
			try (ResultSet logs = statement.executeQuery("SHOW BINARY LOGS")) {
				assertThat(logs.next()).isTrue();
			}
			assertThatThrownBy(() -> statement.execute("CREATE TABLE payonce_trade.t_cdc_probe (id INT)"))
				.isInstanceOf(SQLException.class);
		}
	}

	@Test
	void aKilledDatabaseContainerKeepsCommittedDataAndItsAddress() throws SQLException {
		String marker = UUID.randomUUID().toString();
		try (Connection root = stack.mariaDb().rootConnection(); Statement statement = root.createStatement()) {
			statement.execute("CREATE TABLE IF NOT EXISTS payonce_trade.t_crash_probe (marker CHAR(36) PRIMARY KEY)");
			statement.execute("INSERT INTO payonce_trade.t_crash_probe VALUES ('" + marker + "')");
		}
		String url = stack.mariaDb().jdbcUrl("payonce_trade");

		stack.mariaDb().kill();
		assertThat(stack.mariaDb().isRunning()).isFalse();
		stack.mariaDb().start();

		assertThat(stack.mariaDb().jdbcUrl("payonce_trade")).isEqualTo(url);
		try (Connection trade = DriverManager.getConnection(url, LocalDatabase.TRADE.user(),
				LocalDatabase.TRADE.password()); Statement statement = trade.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT COUNT(*) FROM t_crash_probe WHERE marker = '" + marker + "'")) {
			assertThat(rows.next()).isTrue();
			assertThat(rows.getInt(1)).isEqualTo(1);
		}
	}

	@Test
	void aStoppedKafkaContainerStartsAgainAtTheSameAddressWithItsTopics() throws Exception {
		String bootstrap = stack.kafka().bootstrapServers();

		stack.kafka().stop();
		assertThat(stack.kafka().isRunning()).isFalse();
		stack.kafka().start();

		assertThat(stack.kafka().bootstrapServers()).isEqualTo(bootstrap);
		Properties props = new Properties();
		props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
		try (Admin admin = Admin.create(props)) {
			assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
				.containsAll(Arrays.stream(Topic.values()).map(Topic::topicName).toList());
		}
	}

	@Test
	void aPausedRedisContainerAnswersNothingUntilResumed() throws IOException {
		int port = stack.redis().port();
		stack.redis().pause();
		try {
			assertThat(stack.redis().isRunning()).isTrue();
			assertThatThrownBy(() -> RedisServer.inlineCommand(port, "PING")).isInstanceOf(IOException.class);
		}
		finally {
			stack.redis().resume();
		}
		assertThat(RedisServer.inlineCommand(port, "PING")).isEqualTo("+PONG");
	}

	@Test
	void containerNodesHaveNoHostPidButALog() {
		assertThat(stack.kafka().pid()).isEqualTo(-1);
		assertThat(stack.kafka().logFile()).isNotEmptyFile();
	}

	@Test
	void theRelayIsPointedAtTheFlavourOfTheDatabase() {
		assertThat(stack.serviceEnvironment("outbox-relay").get("PAYONCE_RELAY_FLAVOUR"))
			.isEqualTo(mysql() ? "MYSQL" : null);
		assertThat(System.getProperty("payonce.relay.flavour")).isEqualTo(mysql() ? "MYSQL" : null);
	}

}
