package io.payonce.infra;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The local stack as the services see it: real Kafka, MariaDB and Redis on free ports, each service reaching them
 * through its own {@link FaultLinks fault links}.
 */
class LocalStackIT {

	@TempDir
	static Path dataDir;

	static LocalStack stack;

	@BeforeAll
	static void startStack() {
		stack = LocalStack.startWithFaultLinks(LocalStackConfig.freePorts(dataDir));
	}

	@AfterAll
	static void stopStack() {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void aRecordProducedToPaySuccessIsConsumedBack() throws Exception {
		// given
		String key = "order-" + UUID.randomUUID();
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig())) {
			// when
			producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), key, "{\"hello\":1}")).get();
		}
		// then
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig())) {
			consumer.subscribe(List.of(Topic.PAY_SUCCESS.topicName()));
			List<ConsumerRecord<String, String>> seen = new ArrayList<>();
			await().atMost(Duration.ofSeconds(30)).until(() -> {
				consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
				return seen.stream().anyMatch(record -> key.equals(record.key()));
			});
			assertThat(seen).filteredOn(record -> key.equals(record.key()))
				.singleElement()
				.satisfies(record -> assertThat(record.value()).isEqualTo("{\"hello\":1}"));
		}
	}

	@Test
	void everyTopicOfTheCatalogueExistsWithTheConfiguredPartitions() throws Exception {
		try (Admin admin = Admin.create(
				java.util.Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers()))) {
			var descriptions = admin
				.describeTopics(java.util.Arrays.stream(Topic.values()).map(Topic::topicName).toList())
				.allTopicNames()
				.get();
			assertThat(descriptions).hasSize(Topic.values().length);
			assertThat(descriptions.values())
				.allSatisfy(topic -> assertThat(topic.partitions()).hasSize(stack.config().partitions()));
		}
		// createTopics is idempotent
		stack.kafka().createTopics();
	}

	@Test
	void theBinlogIsWrittenInRowFormatWithFullImages() throws SQLException {
		try (Connection root = stack.mariaDb().rootConnection()) {
			assertThat(variable(root, "log_bin")).isEqualTo("ON");
			assertThat(variable(root, "binlog_format")).isEqualTo("ROW");
			assertThat(variable(root, "binlog_row_image")).isEqualTo("FULL");
			assertThat(variable(root, "server_id")).isEqualTo("1");
		}
	}

	@Test
	void theCdcUserReadsTheBinlogButNoTableOutsideTheOutboxes() throws SQLException {
		LocalDatabase cdc = LocalDatabase.CDC;
		try (Connection connection = DriverManager.getConnection(stack.mariaDb().jdbcUrl(""), cdc.user(),
				cdc.password()); Statement statement = connection.createStatement()) {
			try (ResultSet grants = statement.executeQuery("SHOW GRANTS")) {
				assertThat(grants.next()).isTrue();
				assertThat(grants.getString(1)).contains("RELOAD", "SHOW DATABASES", "REPLICATION SLAVE", "BINLOG MONITOR")
					.doesNotContain("SELECT");
			}
			try (ResultSet status = statement.executeQuery("SHOW BINARY LOGS")) {
				assertThat(status.next()).as("SHOW BINARY LOGS lists the binlog").isTrue();
			}
			// the accounts and their password hashes: denied (earlier versions granted SELECT on *.*)
			assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM mysql.global_priv"))
				.isInstanceOf(SQLException.class)
				.hasMessageContaining("denied");
			assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM payonce_trade.t_probe_of_nobody"))
				.isInstanceOf(SQLException.class)
				.hasMessageContaining("denied");
			assertThatThrownBy(() -> statement.execute("CREATE TABLE payonce_trade.t_cdc_probe (id INT)"))
				.isInstanceOf(SQLException.class)
				.hasMessageContaining("denied");
		}
	}

	@Test
	void aRuntimeUserWritesRowsButNeverTheSchema() throws SQLException {
		try (Connection owner = DriverManager.getConnection(stack.mariaDb().jdbcUrl("payonce_gateway"),
				LocalDatabase.GATEWAY.user(), LocalDatabase.GATEWAY.password());
				Statement statement = owner.createStatement()) {
			statement.execute("CREATE TABLE IF NOT EXISTS t_runtime_probe (id INT PRIMARY KEY)");
		}
		try (Connection runtime = DriverManager.getConnection(stack.mariaDb().jdbcUrl("payonce_gateway"),
				LocalDatabase.GATEWAY_APP.user(), LocalDatabase.GATEWAY_APP.password());
				Statement statement = runtime.createStatement()) {
			statement.execute("INSERT INTO t_runtime_probe (id) VALUES (1) ON DUPLICATE KEY UPDATE id = id");
			for (String ddl : List.of("CREATE TABLE t_runtime_probe_2 (id INT)", "DROP TABLE t_runtime_probe",
					"ALTER TABLE t_runtime_probe ADD COLUMN x INT", "GRANT SELECT ON t_runtime_probe TO 'payonce_cdc'@'%'")) {
				assertThatThrownBy(() -> statement.execute(ddl)).as(ddl)
					.isInstanceOf(SQLException.class)
					.hasMessageContaining("denied");
			}
		}
	}

	@Test
	void eachServiceUserOwnsItsSchemaOnly() throws SQLException {
		try (Connection gateway = DriverManager.getConnection(stack.mariaDb().jdbcUrl("payonce_gateway"),
				LocalDatabase.GATEWAY.user(), LocalDatabase.GATEWAY.password());
				Statement statement = gateway.createStatement()) {
			statement.execute("CREATE TABLE IF NOT EXISTS t_probe (id INT PRIMARY KEY)");
			assertThatThrownBy(() -> statement.execute("CREATE TABLE payonce_trade.t_probe (id INT)"))
				.isInstanceOf(SQLException.class)
				.hasMessageContaining("denied");
		}
	}

	@Test
	void redisSetNxLetsOnlyTheFirstWriterWin() throws Exception {
		String key = "order-" + UUID.randomUUID();
		int port = stack.redis().port();
		assertThat(RedisServer.inlineCommand(port, "SET " + key + " first NX PX 60000")).isEqualTo("+OK");
		assertThat(RedisServer.inlineCommand(port, "SET " + key + " second NX PX 60000")).isEqualTo("$-1");
		assertThat(stack.redis().address()).isEqualTo("redis://127.0.0.1:" + port);
	}

	@Test
	void aMariaDbKilledWithSigkillKeepsCommittedDataAfterRestart() throws SQLException {
		// given a committed row
		String marker = UUID.randomUUID().toString();
		try (Connection root = stack.mariaDb().rootConnection(); Statement statement = root.createStatement()) {
			statement.execute("CREATE TABLE IF NOT EXISTS payonce_trade.t_crash_probe (marker CHAR(36) PRIMARY KEY)");
			statement.execute("INSERT INTO payonce_trade.t_crash_probe VALUES ('" + marker + "')");
		}
		long before = stack.mariaDb().pid();
		// when the server crashes and starts again
		stack.mariaDb().kill();
		assertThat(ProcessHandle.of(before)).isEmpty();
		assertThat(stack.mariaDb().lastExit()).hasValueSatisfying(exit -> {
			assertThat(exit.pid()).isEqualTo(before);
			assertThat(exit.killed()).as(exit.toString()).isTrue();
		});
		assertThatThrownBy(stack.mariaDb()::kill).as("a kill -9 that finds nothing fails")
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("no running process");
		stack.mariaDb().start();
		// then the row is there and the users still work
		assertThat(stack.mariaDb().pid()).isNotEqualTo(before);
		try (Connection root = stack.mariaDb().rootConnection(); Statement statement = root.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT COUNT(*) FROM payonce_trade.t_crash_probe WHERE marker = '" + marker + "'")) {
			assertThat(rows.next()).isTrue();
			assertThat(rows.getInt(1)).isEqualTo(1);
		}
	}

	@Test
	void serviceEnvironmentPointsEachServiceAtItsOwnSchemaAndUserThroughItsOwnLinks() {
		FaultLinks links = stack.faultLinks();
		assertThat(stack.serviceEnvironment("producer-gateway"))
			.containsEntry("SPRING_DATASOURCE_URL",
					"jdbc:mariadb://" + link("producer-gateway", FaultLinks.Store.MARIADB).address() + "/payonce_gateway")
			.containsEntry("SPRING_DATASOURCE_USERNAME", "payonce_gateway_app")
			.containsEntry("SPRING_FLYWAY_USER", "payonce_gateway")
			.containsEntry("SPRING_PROFILES_ACTIVE", "local");
		assertThat(stack.serviceEnvironment("reconciliation"))
			.containsEntry("SPRING_DATASOURCE_URL",
					"jdbc:mariadb://" + link("reconciliation", FaultLinks.Store.MARIADB).address() + "/payonce_trade")
			.containsEntry("SPRING_DATASOURCE_USERNAME", "payonce_reconciliation")
			.containsEntry("SPRING_FLYWAY_USER", "payonce_trade");
		assertThat(stack.serviceEnvironment("deduct-consumer"))
			.containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", link("deduct-consumer", FaultLinks.Store.KAFKA).address())
			.containsEntry("SPRING_DATASOURCE_USERNAME", "payonce_trade_app")
			.containsEntry("SPRING_FLYWAY_USER", "payonce_trade")
			.containsEntry("PAYONCE_CONSUMER_REDIS_ADDRESS",
					"redis://" + link("deduct-consumer", FaultLinks.Store.REDIS).address());
		assertThat(stack.serviceEnvironment("outbox-relay"))
			.containsEntry("PAYONCE_RELAY_DATABASE_PORT",
					Integer.toString(link("outbox-relay", FaultLinks.Store.MARIADB).port()))
			.containsEntry("PAYONCE_RELAY_DATABASE_USER", "payonce_cdc");
		assertThat(links.link("producer-gateway", FaultLinks.Store.REDIS)).isEmpty();
		assertThat(links.to(FaultLinks.Store.KAFKA)).hasSize(4);
		assertThatThrownBy(() -> stack.serviceEnvironment("nope")).isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void aServiceTalksToEveryBrokerEndpointThroughItsKafkaLink() throws Exception {
		FaultProxy link = link("deduct-consumer", FaultLinks.Store.KAFKA);
		long bytesBefore = link.stats().bytes();
		// the broker advertises the link, not itself, to a client that came through the link
		try (Admin admin = Admin.create(java.util.Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, link.address()))) {
			assertThat(admin.describeCluster().nodes().get()).singleElement()
				.satisfies(node -> assertThat(node.port()).isEqualTo(link.port()));
		}
		Properties config = producerConfig();
		config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, link.address());
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
			producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), "through-the-link", "{}")).get();
		}
		assertThat(link.stats().bytes()).isGreaterThan(bytesBefore);
	}

	@Test
	void aPartitionedLinkAnswersNothingWhileTheStoreStillAnswersDirectlyThenHeals() throws Exception {
		FaultProxy link = link("deduct-consumer", FaultLinks.Store.REDIS);
		assertThat(RedisServer.inlineCommand(link.port(), "PING")).isEqualTo("+PONG");
		link.partition();
		try {
			assertThatThrownBy(() -> RedisServer.inlineCommand(link.port(), "PING"))
				.isInstanceOf(java.net.SocketTimeoutException.class);
			assertThat(RedisServer.inlineCommand(stack.redis().port(), "PING")).isEqualTo("+PONG");
			assertThat(link.stats().heldChunks() + link.stats().heldConnections()).isPositive();
		}
		finally {
			link.heal();
		}
		assertThat(RedisServer.inlineCommand(link.port(), "PING")).isEqualTo("+PONG");
	}

	@Test
	void cuttingALinkResetsTheServicesOpenDatabaseConnection() throws SQLException {
		FaultProxy link = link("producer-gateway", FaultLinks.Store.MARIADB);
		String url = "jdbc:mariadb://" + link.address() + "/payonce_gateway";
		try (Connection open = DriverManager.getConnection(url, LocalDatabase.GATEWAY.user(),
				LocalDatabase.GATEWAY.password()); Statement statement = open.createStatement()) {
			assertThat(statement.execute("SELECT 1")).isTrue();
			assertThat(link.cutConnections()).isGreaterThanOrEqualTo(1);
			assertThatThrownBy(() -> statement.executeQuery("SELECT 1")).isInstanceOf(SQLException.class);
		}
		try (Connection fresh = DriverManager.getConnection(url, LocalDatabase.GATEWAY.user(),
				LocalDatabase.GATEWAY.password()); Statement statement = fresh.createStatement()) {
			assertThat(statement.execute("SELECT 1")).isTrue();
		}
	}

	private static FaultProxy link(String service, FaultLinks.Store store) {
		return stack.faultLinks().link(service, store).orElseThrow();
	}

	static String variable(Connection connection, String name) throws SQLException {
		try (Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SHOW VARIABLES LIKE '" + name + "'")) {
			assertThat(result.next()).as("variable %s exists", name).isTrue();
			return result.getString(2);
		}
	}

	private static Properties producerConfig() {
		Properties props = new Properties();
		props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers());
		props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
		props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
		props.put(ProducerConfig.ACKS_CONFIG, "all");
		return props;
	}

	private static Properties consumerConfig() {
		Properties props = new Properties();
		props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers());
		props.put(ConsumerConfig.GROUP_ID_CONFIG, "local-stack-it-" + UUID.randomUUID());
		props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		return props;
	}

}
