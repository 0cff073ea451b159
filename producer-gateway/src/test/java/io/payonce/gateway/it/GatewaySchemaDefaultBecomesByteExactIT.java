package io.payonce.gateway.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V2.1 on a gateway schema created as init.sql used to create it ({@code utf8mb4_unicode_ci}), on a throw-away
 * schema of the real MariaDB: the schema's default becomes byte-exact, so a table added later without its own
 * COLLATE still tells {@code ab-1} from {@code AB-1}.
 */
class GatewaySchemaDefaultBecomesByteExactIT {

	private final MariaDbNode mariaDb = LocalStack.shared().mariaDb();

	private final String schema = "gateway_bin_" + UUID.randomUUID().toString().substring(0, 8);

	@AfterEach
	void dropSchema() throws SQLException {
		root("DROP DATABASE IF EXISTS " + this.schema);
	}

	@Test
	void aTableAddedWithoutItsOwnCollationComparesBytes() throws SQLException {
		// given a schema whose default is case-insensitive, migrated up to V2
		root("CREATE DATABASE " + this.schema + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		DriverManagerDataSource dataSource = new DriverManagerDataSource(this.mariaDb.jdbcUrl(this.schema),
				this.mariaDb.rootUser(), this.mariaDb.rootPassword());
		flyway(dataSource, "2").migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		assertThat(defaultCollation(jdbc)).isEqualTo("utf8mb4_unicode_ci");

		// when the gateway migrates to the latest version and a table is added later with no COLLATE of its own
		flyway(dataSource, "latest").migrate();
		jdbc.sql("CREATE TABLE t_later (order_no VARCHAR(64) PRIMARY KEY)").update();
		jdbc.sql("INSERT INTO t_later VALUES ('ab-1')").update();
		jdbc.sql("INSERT INTO t_later VALUES ('AB-1')").update();

		// then the schema compares bytes: two spellings are two keys
		assertThat(defaultCollation(jdbc)).isEqualTo("utf8mb4_bin");
		assertThat(jdbc.sql("SELECT COUNT(*) FROM t_later WHERE order_no = 'ab-1'").query(Long.class).single())
			.isEqualTo(1L);
	}

	private String defaultCollation(JdbcClient jdbc) {
		return jdbc.sql("SELECT default_collation_name FROM information_schema.schemata WHERE schema_name = ?")
			.params(this.schema)
			.query(String.class)
			.single();
	}

	private static Flyway flyway(DriverManagerDataSource dataSource, String target) {
		return Flyway.configure()
			.dataSource(dataSource)
			.locations("classpath:db/migration")
			.target(target)
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.GATEWAY_APP))
			.load();
	}

	private void root(String sql) throws SQLException {
		try (Connection root = this.mariaDb.rootConnection(); Statement statement = root.createStatement()) {
			statement.execute(sql);
		}
	}

}
