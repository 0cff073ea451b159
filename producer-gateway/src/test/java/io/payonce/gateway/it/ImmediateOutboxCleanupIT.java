package io.payonce.gateway.it;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.OutboxProperties;
import io.payonce.gateway.callback.domain.OutboxEvent;
import io.payonce.gateway.callback.jdbc.JdbcOutboxWriter;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default clean-up, IMMEDIATE: the table stays empty, yet the binlog (what the relay reads) carries the
 * insert, followed by the delete that the relay ignores.
 */
class ImmediateOutboxCleanupIT extends GatewayIntegrationTest {

	@Autowired
	PlatformTransactionManager transactionManager;

	@Test
	void outboxRowIsInTheBinlogButNotInTheTable() throws SQLException {
		// given
		String orderNo = "O-" + newId();
		OutboxEvent event = OutboxEvent.of(UUID.randomUUID(), new PaySuccess("N-1", orderNo, 1L,
				new BigDecimal("1.00"), "CNY", Instant.parse("2026-09-28T02:00:12Z")), TraceContext.NONE);
		JdbcOutboxWriter writer = new JdbcOutboxWriter(this.jdbcTemplate, OutboxProperties.Cleanup.IMMEDIATE,
				Clock.systemUTC());
		try (Connection root = LocalStack.shared().mariaDb().rootConnection()) {
			String[] position = binlogPosition(root);

			// when
			new TransactionTemplate(this.transactionManager).executeWithoutResult((tx) -> writer.append(event));

			// then
			assertThat(outboxEvents(orderNo)).isZero();
			List<String> binlog = binlogSince(root, position);
			assertThat(outboxRowEvents(binlog)).as("binlog events since %s: %s", String.join(":", position), binlog)
				.containsSubsequence("Write_rows", "Delete_rows");
		}
	}

	private static String[] binlogPosition(Connection root) throws SQLException {
		try (Statement statement = root.createStatement();
				ResultSet rs = statement.executeQuery("SHOW MASTER STATUS")) {
			assertThat(rs.next()).as("binlog enabled").isTrue();
			return new String[] { rs.getString("File"), rs.getString("Position") };
		}
	}

	/** Every event since the position, as {@code type|info}. */
	private static List<String> binlogSince(Connection root, String[] position) throws SQLException {
		List<String> events = new ArrayList<>();
		try (Statement statement = root.createStatement();
				ResultSet rs = statement.executeQuery(
						"SHOW BINLOG EVENTS IN '" + position[0] + "' FROM " + Long.parseLong(position[1]))) {
			while (rs.next()) {
				events.add(rs.getString("Event_type") + "|" + rs.getString("Info"));
			}
		}
		return events;
	}

	/** The row events on payonce_gateway.t_outbox, e.g. [Write_rows, Delete_rows]. */
	private static List<String> outboxRowEvents(List<String> binlog) {
		List<String> rows = new ArrayList<>();
		boolean outboxTable = false;
		for (String event : binlog) {
			String type = event.substring(0, event.indexOf('|'));
			if (type.startsWith("Table_map")) {
				outboxTable = event.replace("`", "").contains("payonce_gateway.t_outbox");
			}
			else if (outboxTable && type.contains("_rows")) {
				rows.add(type.replace("_v1", ""));
			}
		}
		return rows;
	}

}
