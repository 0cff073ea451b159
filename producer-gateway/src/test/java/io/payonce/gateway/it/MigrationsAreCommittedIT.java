package io.payonce.gateway.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pooled connections do not auto-commit; Flyway switches its own connection to autocommit and back. Its
 * history row, read here over a connection of its own, shows that the migration was committed, not rolled
 * back when Flyway's connection returned to the pool (the next start would then migrate again and fail).
 */
class MigrationsAreCommittedIT extends GatewayIntegrationTest {

	@Test
	void schemaHistoryRecordsEveryMigrationAsCommittedAndSuccessful() throws SQLException {
		try (Connection root = LocalStack.shared().mariaDb().rootConnection();
				Statement statement = root.createStatement();
				ResultSet rs = statement.executeQuery("SELECT version, success FROM "
						+ LocalDatabase.GATEWAY.schema() + ".flyway_schema_history WHERE version IS NOT NULL")) {
			assertThat(rs.next()).as("a migration in the schema history").isTrue();
			do {
				assertThat(rs.getBoolean("success")).as("migration %s", rs.getString("version")).isTrue();
			}
			while (rs.next());
		}
	}

}
