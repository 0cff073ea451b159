package io.payonce.infra;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * MariaDB 11.4 with binlog (ROW, FULL row image, server-id 1). Schemas and users: {@link LocalDatabase} and
 * {@code db/init.sql}. With {@code PAYONCE_STACK=testcontainers PAYONCE_STACK_DB=mysql} this node is MySQL 8.4
 * (same binlog settings, GTIDs on), still reached with the MariaDB driver ({@link StackOptions}).
 */
public interface MariaDbNode extends ManagedNode {

	int port();

	/** {@code jdbc:mariadb://127.0.0.1:<port>/<schema>}; an empty schema gives the server URL. */
	default String jdbcUrl(String schema) {
		return "jdbc:mariadb://127.0.0.1:" + port() + "/" + (schema == null ? "" : schema);
	}

	/** A new connection as root, without a default schema; the caller closes it. */
	default Connection rootConnection() {
		try {
			return DriverManager.getConnection(jdbcUrl(""), rootUser(), rootPassword());
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot connect to the database at " + jdbcUrl("") + " as " + rootUser(), ex);
		}
	}

	String rootUser();

	String rootPassword();

}
