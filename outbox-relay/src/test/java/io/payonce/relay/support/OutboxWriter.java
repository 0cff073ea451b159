package io.payonce.relay.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;

/**
 * Writes outbox rows the way the services do: insert and delete in one transaction, as the schema's owner.
 * Creates the outbox tables itself with the DDL of docs/conventions.md (the services own their Flyway
 * migrations; the relay's tests do not depend on them).
 */
public final class OutboxWriter {

	static final String OUTBOX_DDL = """
			CREATE TABLE IF NOT EXISTS %s.t_outbox (
			  id            CHAR(36)     NOT NULL PRIMARY KEY,
			  aggregatetype VARCHAR(64)  NOT NULL,
			  aggregateid   VARCHAR(64)  NOT NULL,
			  type          VARCHAR(64)  NOT NULL,
			  payload       LONGTEXT     NOT NULL,
			  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
			)""";

	private final LocalStack stack;

	private final LocalDatabase owner;

	public OutboxWriter(LocalStack stack, LocalDatabase owner) {
		this.stack = stack;
		this.owner = owner;
	}

	public static void createOutboxTables(LocalStack stack) {
		try (Connection root = stack.mariaDb().rootConnection(); Statement statement = root.createStatement()) {
			statement.execute(OUTBOX_DDL.formatted(LocalDatabase.GATEWAY.schema()));
			statement.execute(OUTBOX_DDL.formatted(LocalDatabase.TRADE.schema()));
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot create the outbox tables", ex);
		}
	}

	public Connection connect() throws SQLException {
		return DriverManager.getConnection(this.stack.mariaDb().jdbcUrl(this.owner.schema()), this.owner.user(),
				this.owner.password());
	}

	/** Inserts and deletes the events in one committed transaction. */
	public void commit(List<OutboxEvent> events) throws SQLException {
		try (Connection connection = connect()) {
			write(connection, events);
			connection.commit();
		}
	}

	/** Inserts and deletes the events, then rolls the transaction back. */
	public void rollBack(List<OutboxEvent> events) throws SQLException {
		try (Connection connection = connect()) {
			write(connection, events);
			connection.rollback();
		}
	}

	private static void write(Connection connection, List<OutboxEvent> events) throws SQLException {
		connection.setAutoCommit(false);
		try (PreparedStatement insert = connection.prepareStatement(
				"INSERT INTO t_outbox (id, aggregatetype, aggregateid, type, payload) VALUES (?, ?, ?, ?, ?)");
				PreparedStatement delete = connection.prepareStatement("DELETE FROM t_outbox WHERE id = ?")) {
			for (OutboxEvent event : events) {
				insert.setString(1, event.id());
				insert.setString(2, event.topic());
				insert.setString(3, event.key());
				insert.setString(4, event.type());
				insert.setString(5, event.payload());
				insert.addBatch();
				delete.setString(1, event.id());
				delete.addBatch();
			}
			insert.executeBatch();
			delete.executeBatch();
		}
	}

	/** One outbox row. */
	public record OutboxEvent(String id, String topic, String key, String type, String payload) {

		public static OutboxEvent of(String topic, String key, String type, String payload) {
			return new OutboxEvent(UUID.randomUUID().toString(), topic, key, type, payload);
		}

	}

}
