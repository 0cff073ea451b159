package io.payonce.infra;

import java.sql.Connection;

/**
 * MariaDB 11.4 with binlog (ROW, FULL row image, server-id 1). Schemas and users: {@link LocalDatabase} and
 * {@code db/init.sql}.
 */
public interface MariaDbNode extends ManagedNode {

	int port();

	/** {@code jdbc:mariadb://127.0.0.1:<port>/<schema>}; an empty schema gives the server URL. */
	String jdbcUrl(String schema);

	/** A new connection as root, without a default schema; the caller closes it. */
	Connection rootConnection();

	String rootUser();

	String rootPassword();

}
