package io.payonce.e2e.deploy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both database flavours of the compose stack get the schemas, users and grants of the local stack:
 * MariaDB mounts infra's own init.sql, MySQL 8.4 a copy under infra/docker/mysql that may differ only where
 * MySQL is not MariaDB. The credentials the services are given are the ones the scripts create.
 */
class DeploySqlInitScriptsAgreeTest {

	private static final Pattern DATABASE = Pattern.compile("CREATE DATABASE IF NOT EXISTS (\\w+)");

	private static final Pattern COLLATION = Pattern
		.compile("CREATE DATABASE IF NOT EXISTS (\\w+) CHARACTER SET (\\w+) COLLATE (\\w+)");

	private static final Pattern USER = Pattern.compile("CREATE USER IF NOT EXISTS '(\\w+)'@'([^']+)' IDENTIFIED BY '([^']+)'");

	private static final Pattern GRANT = Pattern.compile("GRANT (.+?) ON (\\S+) TO '([\\w$]+|\\$\\{\\w+})'@'([^']+)'");

	/** Privileges that change a schema or hand rights on: the owners' alone. */
	private static final Set<String> DDL = Set.of("ALL PRIVILEGES", "ALL", "CREATE", "DROP", "ALTER", "INDEX",
			"REFERENCES", "TRIGGER", "CREATE VIEW", "EVENT", "GRANT OPTION");

	/** MariaDB-only privilege; MySQL grants SHOW BINARY LOG STATUS through REPLICATION CLIENT. */
	private static final Set<String> MARIADB_ONLY = Set.of("BINLOG MONITOR");

	private final ComposeFile compose = ComposeFile.main();

	private final ComposeFile mysql = ComposeFile.mysqlOverride();

	@Test
	void mariaDbRunsTheLocalStackInitScriptWithARowBinlog() {
		assertThat(initScript(this.compose)).isEqualTo(DeployFiles.root().resolve("infra/src/main/resources/db/init.sql"));
		List<String> command = DeployFiles.list(this.compose.service("db").get("command")).stream().map(String::valueOf).toList();
		assertThat(command).contains("--binlog-format=ROW", "--binlog-row-image=FULL")
			.anySatisfy(option -> assertThat(option).startsWith("--log-bin"))
			.anySatisfy(option -> assertThat(option).startsWith("--server-id="));
		assertThat(String.valueOf(this.compose.service("db").get("image"))).startsWith("mariadb:11.4");
		assertThat(this.compose.environment("outbox-relay")).containsEntry("PAYONCE_RELAY_FLAVOUR", "MARIADB");
	}

	@Test
	void theMysqlVariantIsMysql84WithTheRelayOnTheMysqlConnector() {
		assertThat(this.mysql.service("db").get("image")).isEqualTo("mysql:8.4");
		assertThat(initScript(this.mysql)).isEqualTo(DeployFiles.root().resolve("infra/docker/mysql/init.sql"));
		List<String> command = DeployFiles.list(this.mysql.service("db").get("command")).stream().map(String::valueOf).toList();
		assertThat(command).contains("--binlog-format=ROW", "--binlog-row-image=FULL")
			.anySatisfy(option -> assertThat(option).startsWith("--server-id="));
		String flavour = this.mysql.environment("outbox-relay").get("PAYONCE_RELAY_FLAVOUR");
		assertThat(flavour).isEqualTo("MYSQL");
		assertThat(connectorFlavours()).contains(flavour, "MARIADB");
		// its own data volume: a MariaDB data directory is not a MySQL one
		assertThat(this.mysql.volumes("db")).anySatisfy(volume -> assertThat(volume)
			.containsExactly("mysql-data", "/var/lib/mysql"));
		assertThat(this.mysql.declaredVolumes()).contains("mysql-data");
	}

	@Test
	void bothScriptsCreateTheSameSchemasUsersAndGrants() {
		String mariadb = withoutComments(DeployFiles.read(initScript(this.compose)));
		String mysql = withoutComments(DeployFiles.read(initScript(this.mysql)));
		assertThat(databases(mysql)).isEqualTo(databases(mariadb)).contains("payonce_gateway", "payonce_trade");
		assertThat(users(mysql)).isEqualTo(users(mariadb))
			.containsOnlyKeys("payonce_gateway", "payonce_gateway_app", "payonce_trade", "payonce_trade_app",
					"payonce_reconciliation", "payonce_cdc");
		Map<String, Set<String>> mariadbGrants = grants(mariadb);
		mariadbGrants.values().forEach(privileges -> privileges.removeAll(MARIADB_ONLY));
		assertThat(grants(mysql)).isEqualTo(mariadbGrants);
		// the CDC user reads no table through the init script: SELECT on the outbox tables comes from the migrations
		assertThat(grants(mysql).get("payonce_cdc@*.*")).contains("REPLICATION SLAVE", "REPLICATION CLIENT")
			.doesNotContain("SELECT", "ALL PRIVILEGES", "INSERT", "UPDATE", "DELETE");
		// MySQL has no mysql.global_priv table: a statement on it would abort the init script
		assertThat(withoutComments(mysql)).doesNotContain("global_priv").doesNotContain("BINLOG MONITOR");
	}

	@Test
	void onlyTheSchemaOwnersMayChangeASchemaAndTheRuntimeUsersHaveDmlOnly() {
		for (String script : List.of(DeployFiles.read(initScript(this.compose)), DeployFiles.read(initScript(this.mysql)))) {
			Map<String, Set<String>> grants = grants(withoutComments(script));
			assertThat(grants.get("payonce_gateway@payonce_gateway.*")).contains("ALL PRIVILEGES");
			assertThat(grants.get("payonce_trade@payonce_trade.*")).contains("ALL PRIVILEGES");
			assertThat(grants.get("payonce_gateway_app@payonce_gateway.*"))
				.containsExactlyInAnyOrder("SELECT", "INSERT", "UPDATE", "DELETE");
			// owners may grant (their migrations grant the runtime users); nobody else gets a right beyond DML
			assertThat(withoutComments(script)).contains("TO 'payonce_gateway'@'%' WITH GRANT OPTION",
					"TO 'payonce_trade'@'%' WITH GRANT OPTION");
			grants.forEach((grant, privileges) -> {
				if (!grant.startsWith("payonce_gateway@") && !grant.startsWith("payonce_trade@")) {
					assertThat(privileges).as(grant).doesNotContainAnyElementsOf(DDL);
				}
			});
			// the trade schema's runtime users get their rights table by table, from the migrations below
			assertThat(grants.keySet()).noneMatch(grant -> grant.startsWith("payonce_trade_app@")
					|| grant.startsWith("payonce_reconciliation@"));
		}
	}

	@Test
	void theMigrationsGrantTheLedgerAndTheAuditInsertOnlyAndTheOutboxToNobodyButItsWriterAndTheRelay() {
		Map<String, Set<String>> consumer = grants(withoutComments(DeployFiles.read(DeployFiles.root()
			.resolve("deduct-consumer/src/main/resources/db/migration/R__runtime_grants.sql"))));
		Map<String, Set<String>> reconciliation = grants(withoutComments(DeployFiles.read(DeployFiles.root()
			.resolve("reconciliation/src/main/resources/db/reconciliation/R__reconciliation_grants.sql"))));
		Map<String, Set<String>> gateway = grants(withoutComments(DeployFiles.read(DeployFiles.root()
			.resolve("producer-gateway/src/main/resources/db/migration/R__cdc_reads_the_outbox.sql"))));

		assertThat(consumer.get("${runtimeuser}@t_account_flow")).containsExactlyInAnyOrder("SELECT", "INSERT");
		assertThat(consumer.keySet()).noneMatch(grant -> grant.endsWith("@t_reversal_audit"));
		assertThat(consumer.get("${cdcuser}@t_outbox")).containsExactly("SELECT");
		assertThat(reconciliation.get("${runtimeuser}@t_account_flow")).containsExactlyInAnyOrder("SELECT", "INSERT");
		assertThat(reconciliation.get("${runtimeuser}@t_reversal_audit")).containsExactlyInAnyOrder("SELECT", "INSERT");
		assertThat(reconciliation.get("${runtimeuser}@t_top_up_audit")).containsExactlyInAnyOrder("SELECT", "INSERT");
		assertThat(consumer.keySet()).noneMatch(grant -> grant.endsWith("@t_top_up_audit"));
		// freezing deductions (issue 20): the consumer only reads the freeze; the reconciliation moves it, never deletes
		// it, and its audit is insert-only
		Map<String, Set<String>> freeze = grants(withoutComments(DeployFiles.read(DeployFiles.root()
			.resolve("deduct-consumer/src/main/resources/db/migration/V4__account_freeze.sql"))));
		assertThat(freeze).containsOnlyKeys("${runtimeuser}@t_account_freeze");
		assertThat(freeze.get("${runtimeuser}@t_account_freeze")).containsExactly("SELECT");
		assertThat(consumer.keySet()).noneMatch(grant -> grant.endsWith("@t_account_freeze_audit"));
		assertThat(reconciliation.get("${runtimeuser}@t_account_freeze")).containsExactlyInAnyOrder("SELECT", "INSERT",
				"UPDATE");
		assertThat(reconciliation.get("${runtimeuser}@t_account_freeze_audit")).containsExactlyInAnyOrder("SELECT",
				"INSERT");
		assertThat(reconciliation.keySet()).noneMatch(grant -> grant.endsWith("@t_outbox"));
		assertThat(gateway).containsOnlyKeys("${cdcuser}@t_outbox");
		for (Map<String, Set<String>> migration : List.of(consumer, reconciliation, gateway)) {
			migration.forEach((grant, privileges) -> assertThat(privileges).as(grant).doesNotContainAnyElementsOf(DDL));
		}
		// and the CDC user named in them is the relay's
		assertThat(ServiceSettings.of("deduct-consumer").applicationDefault("spring.flyway.placeholders.cdcuser"))
			.isEqualTo(this.compose.environment("outbox-relay").get("PAYONCE_RELAY_DATABASE_USER"));
	}

	@Test
	void theServicesLogInWithTheUsersTheScriptCreates() {
		Map<String, String> users = users(DeployFiles.read(initScript(this.compose)));
		for (String service : List.of("producer-gateway", "deduct-consumer")) {
			Map<String, String> env = this.compose.environment(service);
			String user = env.get("SPRING_DATASOURCE_USERNAME");
			String owner = env.get("SPRING_FLYWAY_USER");
			assertThat(users).as(service).containsEntry(user, "%:" + env.get("SPRING_DATASOURCE_PASSWORD"));
			assertThat(users).as(service).containsEntry(owner, "%:" + env.get("SPRING_FLYWAY_PASSWORD"));
			assertThat(user).as(service).isNotEqualTo(owner);
			// and the schema of the JDBC URL is the one Flyway's user owns
			assertThat(env.get("SPRING_DATASOURCE_URL")).as(service).endsWith("/" + owner);
		}
		Map<String, String> relay = this.compose.environment("outbox-relay");
		assertThat(users).containsEntry(relay.get("PAYONCE_RELAY_DATABASE_USER"),
				"%:" + relay.get("PAYONCE_RELAY_DATABASE_PASSWORD"));
		assertThat(relay.get("PAYONCE_RELAY_DATABASE_PORT")).isEqualTo("3306");
	}

	@Test
	void bothScriptsCreateEachSchemaWithTheSameCollationAndTheTradeSchemaByteExact() {
		// orderNo and payNo are byte-exact identifiers (DESIGN.md): 'ab-1' must not meet order 'AB-1'
		Map<String, String> mariadb = collations(withoutComments(DeployFiles.read(initScript(this.compose))));
		Map<String, String> mysql = collations(withoutComments(DeployFiles.read(initScript(this.mysql))));
		assertThat(mysql).isEqualTo(mariadb).containsEntry("payonce_trade", "utf8mb4 utf8mb4_bin");
	}

	/** database → "charset collation" of its CREATE DATABASE. */
	private static Map<String, String> collations(String sql) {
		Map<String, String> collations = new TreeMap<>();
		Matcher matcher = COLLATION.matcher(sql);
		while (matcher.find()) {
			collations.put(matcher.group(1), matcher.group(2) + " " + matcher.group(3));
		}
		return collations;
	}

	private static String withoutComments(String sql) {
		return sql.replaceAll("(?m)--.*$", "");
	}

	private static Path initScript(ComposeFile file) {
		return file.volumes("db").stream()
			.filter(volume -> volume.length > 1 && volume[1].startsWith("/docker-entrypoint-initdb.d/"))
			.map(volume -> file.resolveFromProject(volume[0]))
			.findFirst()
			.orElseThrow(() -> new AssertionError(file.file() + ": db mounts no init script"));
	}

	private static Set<String> databases(String sql) {
		Set<String> databases = new TreeSet<>();
		Matcher matcher = DATABASE.matcher(sql);
		while (matcher.find()) {
			databases.add(matcher.group(1));
		}
		return databases;
	}

	/** user → host:password. */
	private static Map<String, String> users(String sql) {
		Map<String, String> users = new TreeMap<>();
		Matcher matcher = USER.matcher(sql);
		while (matcher.find()) {
			users.put(matcher.group(1), matcher.group(2) + ":" + matcher.group(3));
		}
		return users;
	}

	/** user@object → privileges. */
	private static Map<String, Set<String>> grants(String sql) {
		Map<String, Set<String>> grants = new TreeMap<>();
		Matcher matcher = GRANT.matcher(sql);
		while (matcher.find()) {
			Set<String> privileges = Arrays.stream(matcher.group(1).split(","))
				.map(String::trim)
				.collect(Collectors.toCollection(TreeSet::new));
			grants.computeIfAbsent(matcher.group(3) + "@" + matcher.group(2), key -> new TreeSet<>()).addAll(privileges);
		}
		return grants;
	}

	/** The constants of the relay's ConnectorFlavour enum, read from its source. */
	private static List<String> connectorFlavours() {
		String source = DeployFiles.read(DeployFiles.root()
			.resolve("outbox-relay/src/main/java/io/payonce/relay/config/ConnectorFlavour.java"));
		Matcher constant = Pattern.compile("(?m)^\\s*([A-Z][A-Z0-9_]*)\\(\"").matcher(source);
		List<String> names = new java.util.ArrayList<>();
		while (constant.find()) {
			names.add(constant.group(1));
		}
		return names;
	}

}
