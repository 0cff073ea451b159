package io.payonce.infra;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.testcontainers.containers.GenericContainer;

/**
 * The binlog database of {@code PAYONCE_STACK=testcontainers}, behind {@link MariaDbNode} (the name of the
 * interface is the local stack's; with {@code PAYONCE_STACK_DB=mysql} it is MySQL):
 * <ul>
 * <li>{@value #MARIADB_IMAGE}: the local node's server options (binlog ROW, FULL image, server-id 1, no TLS).</li>
 * <li>{@value #MYSQL_IMAGE}: the same binlog settings plus GTIDs, as {@code infra/docker/docker-compose.mysql.yml}
 * and the relay's MYSQL flavour (Debezium MySQL connector) expect. One deliberate difference from compose:
 * {@code mysql_native_password} is the default plugin, so that every client (the MariaDB driver, tests that build
 * their own URL from {@link #port()}) logs in without TLS and without {@code allowPublicKeyRetrieval}.</li>
 * </ul>
 * Schemas, users and grants: the same init script as the local node ({@code db/init.sql}, or its MySQL form
 * {@code infra/docker/mysql/init.sql}, packaged as {@code db/mysql/init.sql}), run as root after every start.
 * JDBC URLs keep the local form, {@code jdbc:mariadb://127.0.0.1:<port>/<schema>} (the MariaDB driver talks to
 * MySQL too).
 */
final class ContainerDatabase extends ContainerNode implements MariaDbNode {

	static final String MARIADB_IMAGE = "mariadb:11.4";

	static final String MYSQL_IMAGE = "mysql:8.4";

	private static final String ROOT_USER = "root";

	/** Local only, as in the compose file. */
	private static final String ROOT_PASSWORD = "root-local";

	private final int port;

	private final StackOptions.Database database;

	ContainerDatabase(Path stackDir, int port, StackOptions.Database database) {
		super(MariaDbServer.NAME, stackDir, List.of(port),
				database == StackOptions.Database.MYSQL ? MYSQL_IMAGE : MARIADB_IMAGE,
				container -> configure(container, port, database));
		this.port = port;
		this.database = database;
	}

	private static GenericContainer<?> configure(GenericContainer<?> container, int port,
			StackOptions.Database database) {
		boolean mysql = database == StackOptions.Database.MYSQL;
		List<String> options = new ArrayList<>(List.of("--port=" + port, "--server-id=1", "--log-bin=mysql-bin",
				"--binlog-format=ROW", "--binlog-row-image=FULL", "--skip-name-resolve",
				"--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci",
				"--default-time-zone=+00:00"));
		if (mysql) {
			options.addAll(List.of("--gtid-mode=ON", "--enforce-gtid-consistency=ON", "--mysql-native-password=ON",
					"--authentication-policy=mysql_native_password"));
		}
		else {
			// without it MariaDB 11.4 generates certificates at start, as the local node avoids
			options.add("--skip-ssl");
		}
		return container.withEnv(mysql ? "MYSQL_ROOT_PASSWORD" : "MARIADB_ROOT_PASSWORD", ROOT_PASSWORD)
			.withCommand(options.toArray(new String[0]));
	}

	/** Which database this is; {@link StackOptions.Database#relayFlavour()} is the relay connector that reads it. */
	StackOptions.Database database() {
		return this.database;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	public String rootUser() {
		return ROOT_USER;
	}

	@Override
	public String rootPassword() {
		return ROOT_PASSWORD;
	}

	@Override
	Duration startTimeout() {
		// the image initialises an empty data folder (and MySQL restarts once) before it listens on TCP
		return Duration.ofSeconds(180);
	}

	@Override
	boolean probe() throws SQLException {
		return MariaDbServer.probe(jdbcUrl(""), ROOT_USER, ROOT_PASSWORD);
	}

	@Override
	void afterReady() {
		String script = initScript(this.database);
		try {
			MariaDbServer.runScript(jdbcUrl(""), ROOT_USER, ROOT_PASSWORD, script);
		}
		catch (SQLException ex) {
			throw failure("rejected " + script.substring(1) + ": " + ex.getMessage(), ex);
		}
	}

	/** The classpath init script for a database. */
	static String initScript(StackOptions.Database database) {
		return database == StackOptions.Database.MYSQL ? "/db/mysql/init.sql" : "/db/init.sql";
	}

}
