package io.payonce.gateway.it;

import java.sql.SQLException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V2.1 on a gateway schema created as init.sql used to create it ({@code utf8mb4_unicode_ci}), on a throw-away
 * schema of the real MariaDB: the schema's default becomes byte-exact, so a table added later without its own
 * COLLATE still tells {@code ab-1} from {@code AB-1}.
 */
class GatewaySchemaDefaultBecomesByteExactIT {

	private ThrowAwayGatewaySchema schema;

	@AfterEach
	void dropSchema() throws SQLException {
		if (this.schema != null) {
			this.schema.close();
		}
	}

	@Test
	void aTableAddedWithoutItsOwnCollationComparesBytes() throws SQLException {
		// given a schema whose default is case-insensitive, migrated up to V2
		this.schema = new ThrowAwayGatewaySchema("gateway_bin_",
				" CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		this.schema.migrateTo("2");
		JdbcClient jdbc = this.schema.jdbc();
		assertThat(defaultCollation(jdbc)).isEqualTo("utf8mb4_unicode_ci");

		// when the gateway migrates to the latest version and a table is added later with no COLLATE of its own
		this.schema.migrateTo("latest");
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
			.params(this.schema.name())
			.query(String.class)
			.single();
	}

}
