package io.payonce.gateway.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.flywaydb.core.Flyway;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A schema of its own on the shared MariaDB for a test of the gateway's migrations: created as root, migrated as the
 * gateway's Flyway would (its migrations and grant placeholders), dropped by {@link #close()}.
 */
final class ThrowAwayGatewaySchema implements AutoCloseable {

	private final MariaDbNode mariaDb = LocalStack.shared().mariaDb();

	private final String name;

	private final DriverManagerDataSource dataSource;

	/** @param options what follows the name in {@code CREATE DATABASE}, e.g. a character set and collation */
	ThrowAwayGatewaySchema(String prefix, String options) throws SQLException {
		this.name = prefix + UUID.randomUUID().toString().substring(0, 8);
		root("CREATE DATABASE " + this.name + options);
		this.dataSource = new DriverManagerDataSource(this.mariaDb.jdbcUrl(this.name), this.mariaDb.rootUser(),
				this.mariaDb.rootPassword());
	}

	String name() {
		return this.name;
	}

	JdbcClient jdbc() {
		return JdbcClient.create(this.dataSource);
	}

	/** Migrates to {@code target} ("latest" for all). */
	void migrateTo(String target) {
		Flyway.configure()
			.dataSource(this.dataSource)
			.locations("classpath:db/migration")
			.target(target)
			// the repeatable grant migration runs with the latest version and needs the service's placeholders
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.GATEWAY_APP))
			.load()
			.migrate();
	}

	@Override
	public void close() throws SQLException {
		root("DROP DATABASE IF EXISTS " + this.name);
	}

	private void root(String sql) throws SQLException {
		try (Connection root = this.mariaDb.rootConnection(); Statement statement = root.createStatement()) {
			statement.execute(sql);
		}
	}

}
