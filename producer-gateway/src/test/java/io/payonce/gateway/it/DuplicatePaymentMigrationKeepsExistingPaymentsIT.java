package io.payonce.gateway.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * V2 on a database that already holds payments of V1 (a gateway upgraded in place), on a throw-away schema of
 * the real MariaDB: every existing row becomes its order's PRIMARY, and from then on the keys are one row per
 * payNo and one PRIMARY per order, with any number of DUPLICATE rows beside it.
 */
class DuplicatePaymentMigrationKeepsExistingPaymentsIT {

	private final MariaDbNode mariaDb = LocalStack.shared().mariaDb();

	private final String schema = "gateway_v2_" + UUID.randomUUID().toString().substring(0, 8);

	@AfterEach
	void dropSchema() throws SQLException {
		root("DROP DATABASE IF EXISTS " + this.schema);
	}

	@Test
	void existingPaymentsBecomePrimaryAndTheNewKeysHold() throws SQLException {
		// given a V1 schema with two payments in it
		root("CREATE DATABASE " + this.schema);
		DriverManagerDataSource dataSource = new DriverManagerDataSource(this.mariaDb.jdbcUrl(this.schema),
				this.mariaDb.rootUser(), this.mariaDb.rootPassword());
		flyway(dataSource, "1").migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		insert(jdbc, "PN-1", "P-1", null);
		insert(jdbc, "PN-2", "P-2", null);

		// when the gateway starts with V2
		flyway(dataSource, "latest").migrate();

		// then the payments are their orders' PRIMARY, unchanged otherwise
		assertThat(jdbc.sql("SELECT CONCAT_WS(' ', pay_no, order_no, kind, primary_order_no) FROM t_payment ORDER BY id")
			.query(String.class)
			.list()).containsExactly("PN-1 P-1 PRIMARY P-1", "PN-2 P-2 PRIMARY P-2");
		// and an order takes other payNos as DUPLICATE, but never a second PRIMARY nor a payNo twice
		insert(jdbc, "PN-3", "P-1", "DUPLICATE");
		insert(jdbc, "PN-4", "P-1", "DUPLICATE");
		assertThatThrownBy(() -> insert(jdbc, "PN-5", "P-1", "PRIMARY")).isInstanceOf(DuplicateKeyException.class);
		assertThatThrownBy(() -> insert(jdbc, "PN-2", "P-9", "DUPLICATE")).isInstanceOf(DuplicateKeyException.class);
		assertThat(jdbc.sql("SELECT pay_no FROM t_payment WHERE order_no = 'P-1' ORDER BY id").query(String.class).list())
			.isEqualTo(List.of("PN-1", "PN-3", "PN-4"));
	}

	private static Flyway flyway(DriverManagerDataSource dataSource, String target) {
		return Flyway.configure()
			.dataSource(dataSource)
			.locations("classpath:db/migration")
			.target(target)
			// the repeatable grant migration runs with the latest version and needs the service's placeholders
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.GATEWAY_APP))
			.load();
	}

	/** A row as the intake writes it; {@code kind} null leaves the column out (V1 has none). */
	private static void insert(JdbcClient jdbc, String payNo, String orderNo, String kind) {
		jdbc.sql("INSERT INTO t_payment (pay_no, order_no, " + ((kind != null) ? "kind, " : "")
				+ "user_id, amount, currency, status, paid_at, fingerprint, received_at) VALUES (?, ?, "
				+ ((kind != null) ? "'" + kind + "', " : "")
				+ "1, 1.00, 'CNY', 'SUCCESS', '2026-09-28 02:00:12', REPEAT('f', 64), '2026-09-28 02:00:13')")
			.params(payNo, orderNo)
			.update();
	}

	private void root(String sql) throws SQLException {
		try (Connection root = this.mariaDb.rootConnection(); Statement statement = root.createStatement()) {
			statement.execute(sql);
		}
	}

}
