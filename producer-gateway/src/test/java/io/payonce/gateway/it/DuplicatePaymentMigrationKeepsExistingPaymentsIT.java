package io.payonce.gateway.it;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * V2 on a database that already holds payments of V1 (a gateway upgraded in place), on a throw-away schema of
 * the real MariaDB: every existing row becomes its order's PRIMARY, and from then on the keys are one row per
 * payNo and one PRIMARY per order, with any number of DUPLICATE rows beside it.
 */
class DuplicatePaymentMigrationKeepsExistingPaymentsIT {

	private ThrowAwayGatewaySchema schema;

	@AfterEach
	void dropSchema() throws SQLException {
		if (this.schema != null) {
			this.schema.close();
		}
	}

	@Test
	void existingPaymentsBecomePrimaryAndTheNewKeysHold() throws SQLException {
		// given a V1 schema with two payments in it
		this.schema = new ThrowAwayGatewaySchema("gateway_v2_", "");
		this.schema.migrateTo("1");
		JdbcClient jdbc = this.schema.jdbc();
		insert(jdbc, "PN-1", "P-1", null);
		insert(jdbc, "PN-2", "P-2", null);

		// when the gateway starts with V2
		this.schema.migrateTo("latest");

		// then the payments are their orders' PRIMARY, unchanged otherwise
		assertThat(jdbc.sql("SELECT CONCAT_WS(' ', pay_no, order_no, kind, primary_order_no) FROM t_payment ORDER BY id")
			.query(String.class)
			.list()).containsExactly("PN-1 P-1 PRIMARY P-1", "PN-2 P-2 PRIMARY P-2");
		// and (V3) were brought in by their callbacks
		assertThat(jdbc.sql("SELECT source FROM t_payment ORDER BY id").query(String.class).list())
			.containsExactly("CALLBACK", "CALLBACK");
		// and an order takes other payNos as DUPLICATE, but never a second PRIMARY nor a payNo twice
		insert(jdbc, "PN-3", "P-1", "DUPLICATE");
		insert(jdbc, "PN-4", "P-1", "DUPLICATE");
		assertThatThrownBy(() -> insert(jdbc, "PN-5", "P-1", "PRIMARY")).isInstanceOf(DuplicateKeyException.class);
		assertThatThrownBy(() -> insert(jdbc, "PN-2", "P-9", "DUPLICATE")).isInstanceOf(DuplicateKeyException.class);
		assertThat(jdbc.sql("SELECT pay_no FROM t_payment WHERE order_no = 'P-1' ORDER BY id").query(String.class).list())
			.isEqualTo(List.of("PN-1", "PN-3", "PN-4"));
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

}
