package io.payonce.infra;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Which stack {@link LocalStack#shared()} starts, read from a system property or else an environment variable
 * (docs/testcontainers.md). Unset or blank means the default: the local processes with MariaDB, exactly as
 * without the switch.
 *
 * <pre>
 * PAYONCE_STACK    (-Dpayonce.stack)     local (default) | testcontainers
 * PAYONCE_STACK_DB (-Dpayonce.stack.db)  mariadb (default) | mysql   (mysql only with testcontainers)
 * </pre>
 *
 * @param mode local processes or containers
 * @param database the binlog database the stack runs
 */
public record StackOptions(Mode mode, Database database) {

	public static final String STACK_PROPERTY = "payonce.stack";

	public static final String STACK_ENV = "PAYONCE_STACK";

	public static final String DATABASE_PROPERTY = "payonce.stack.db";

	public static final String DATABASE_ENV = "PAYONCE_STACK_DB";

	/** The default: local processes, MariaDB. */
	public static final StackOptions LOCAL = new StackOptions(Mode.LOCAL, Database.MARIADB);

	/** Where the nodes run. */
	public enum Mode {

		/** Kafka, MariaDB and Redis as child processes from Maven Central artifacts (no Docker). */
		LOCAL,

		/** The same nodes as Docker containers through Testcontainers; needs a Docker engine. */
		TESTCONTAINERS

	}

	/** The binlog database, and the relay connector flavour that reads it. */
	public enum Database {

		/** MariaDB 11.4, binlog ROW/FULL; the relay's MARIADB flavour. */
		MARIADB("MARIADB"),

		/** MySQL 8.4, binlog ROW/FULL with GTIDs; the relay's MYSQL flavour (Debezium MySQL connector). */
		MYSQL("MYSQL");

		private final String relayFlavour;

		Database(String relayFlavour) {
			this.relayFlavour = relayFlavour;
		}

		/** The value of {@code payonce.relay.flavour} ({@code PAYONCE_RELAY_FLAVOUR}) for this database. */
		public String relayFlavour() {
			return this.relayFlavour;
		}

	}

	public StackOptions {
		if (mode == Mode.LOCAL && database != Database.MARIADB) {
			throw new IllegalArgumentException(DATABASE_ENV + "=" + database.name().toLowerCase(Locale.ROOT)
					+ " needs " + STACK_ENV + "=testcontainers: the local processes run MariaDB only");
		}
	}

	/** The options of this JVM: system properties first, then the environment. */
	public static StackOptions current() {
		return parse(System::getProperty, System::getenv);
	}

	/**
	 * @param properties system properties by name (returns {@code null} if unset)
	 * @param environment environment variables by name (returns {@code null} if unset)
	 * @throws IllegalArgumentException naming the setting and the values it accepts
	 */
	static StackOptions parse(UnaryOperator<String> properties, UnaryOperator<String> environment) {
		Mode mode = value(properties, environment, STACK_PROPERTY, STACK_ENV, Mode.class, Mode.LOCAL);
		Database database = value(properties, environment, DATABASE_PROPERTY, DATABASE_ENV, Database.class,
				Database.MARIADB);
		return new StackOptions(mode, database);
	}

	private static <E extends Enum<E>> E value(UnaryOperator<String> properties, UnaryOperator<String> environment,
			String property, String env, Class<E> type, E fallback) {
		String raw = properties.apply(property);
		String source = "-D" + property;
		if (raw == null || raw.isBlank()) {
			raw = environment.apply(env);
			source = env;
		}
		if (raw == null || raw.isBlank()) {
			return fallback;
		}
		String wanted = raw.trim().toUpperCase(Locale.ROOT);
		for (E constant : type.getEnumConstants()) {
			if (constant.name().equals(wanted)) {
				return constant;
			}
		}
		String accepted = Arrays.stream(type.getEnumConstants())
			.map(constant -> constant.name().toLowerCase(Locale.ROOT))
			.collect(Collectors.joining(", "));
		throw new IllegalArgumentException(
				source + "='" + raw + "' is not a stack setting; accepted: " + accepted + " (see docs/testcontainers.md)");
	}

	/** {@code local/mariadb}, {@code testcontainers/mysql}, ... */
	@Override
	public String toString() {
		return this.mode.name().toLowerCase(Locale.ROOT) + "/" + this.database.name().toLowerCase(Locale.ROOT);
	}

}
