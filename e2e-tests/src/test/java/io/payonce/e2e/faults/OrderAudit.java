package io.payonce.e2e.faults;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;

import io.payonce.infra.MariaDbNode;

/**
 * What the test installs in MariaDB (as root) before the relay starts, in a schema of its own
 * ({@value #SCHEMA}), so that invariants and faults do not depend on reading the services' minds:
 * <ul>
 * <li>the order audit: triggers on {@code payonce_trade.t_order} record every insert and every status change
 * into {@code t_order_transition} inside the transaction that makes it (old and new status, the database user that
 * did it), so I5 judges each transition as it committed, not the final rows. A rolled-back transaction leaves no
 * audit row either.</li>
 * <li>the rollback fault of I4: a trigger before the gateway's outbox delete (which follows its outbox insert in
 * the same transaction, cleanup IMMEDIATE) raises an error for the orderNos listed in
 * {@code t_rollback_after_outbox}, so that the gateway's transaction rolls back after its payment and outbox rows
 * were written. The gateway code is unchanged; the database refuses, as a failing constraint would.</li>
 * </ul>
 * Both are created before the relay starts, so that the binlog reader never has to parse their DDL.
 */
final class OrderAudit {

	static final String SCHEMA = "payonce_e2e_audit";

	/** The message of the rollback fault; the gateway logs it with each refused callback. */
	static final String ROLLBACK_MESSAGE = "e2e fault: gateway transaction rolled back after its outbox insert";

	private final MariaDbNode mariaDb;

	OrderAudit(MariaDbNode mariaDb) {
		this.mariaDb = mariaDb;
	}

	/** Creates the schema, tables and triggers (the services' tables must exist: after their Flyway ran). */
	void install() {
		try (Connection root = this.mariaDb.rootConnection(); Statement sql = root.createStatement()) {
			sql.execute("CREATE DATABASE IF NOT EXISTS " + SCHEMA);
			sql.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA + ".t_order_transition ("
					+ " id BIGINT AUTO_INCREMENT PRIMARY KEY, order_no VARCHAR(64) NOT NULL,"
					+ " old_status VARCHAR(16) NULL, new_status VARCHAR(16) NOT NULL, actor VARCHAR(128) NOT NULL,"
					+ " at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), KEY ix_order_no (order_no))");
			sql.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA + ".t_rollback_after_outbox ("
					+ " order_no VARCHAR(64) PRIMARY KEY)");
			sql.execute("DROP TRIGGER IF EXISTS payonce_trade.e2e_order_inserted");
			sql.execute("CREATE TRIGGER payonce_trade.e2e_order_inserted AFTER INSERT ON payonce_trade.t_order"
					+ " FOR EACH ROW INSERT INTO " + SCHEMA + ".t_order_transition (order_no, old_status, new_status, actor)"
					+ " VALUES (NEW.order_no, NULL, NEW.status, USER())");
			sql.execute("DROP TRIGGER IF EXISTS payonce_trade.e2e_order_updated");
			sql.execute("CREATE TRIGGER payonce_trade.e2e_order_updated AFTER UPDATE ON payonce_trade.t_order"
					+ " FOR EACH ROW BEGIN IF NOT (OLD.status <=> NEW.status) THEN INSERT INTO " + SCHEMA
					+ ".t_order_transition (order_no, old_status, new_status, actor)"
					+ " VALUES (NEW.order_no, OLD.status, NEW.status, USER()); END IF; END");
			sql.execute("DROP TRIGGER IF EXISTS payonce_gateway.e2e_rollback_after_outbox");
			sql.execute("CREATE TRIGGER payonce_gateway.e2e_rollback_after_outbox BEFORE DELETE ON payonce_gateway.t_outbox"
					+ " FOR EACH ROW BEGIN IF EXISTS (SELECT 1 FROM " + SCHEMA + ".t_rollback_after_outbox r"
					+ " WHERE r.order_no = OLD.aggregateid) THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '"
					+ ROLLBACK_MESSAGE + "'; END IF; END");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("could not install the order audit: " + ex.getMessage(), ex);
		}
	}

	/** The gateway's transactions for these orderNos roll back after their outbox insert until disarmed. */
	void armRollback(Collection<String> orderNos) {
		update("INSERT INTO " + SCHEMA + ".t_rollback_after_outbox (order_no) VALUES (?)", orderNos);
	}

	void disarmRollback(Collection<String> orderNos) {
		update("DELETE FROM " + SCHEMA + ".t_rollback_after_outbox WHERE order_no = ?", orderNos);
	}

	/** Drops the triggers (the services' tables stay as their migrations made them). */
	void uninstall() {
		try (Connection root = this.mariaDb.rootConnection(); Statement sql = root.createStatement()) {
			sql.execute("DROP TRIGGER IF EXISTS payonce_trade.e2e_order_inserted");
			sql.execute("DROP TRIGGER IF EXISTS payonce_trade.e2e_order_updated");
			sql.execute("DROP TRIGGER IF EXISTS payonce_gateway.e2e_rollback_after_outbox");
		}
		catch (SQLException | IllegalStateException ex) {
			// the stack is going away with its data dir; nothing depends on the triggers being dropped
		}
	}

	private void update(String sql, Collection<String> orderNos) {
		try (Connection root = this.mariaDb.rootConnection(); PreparedStatement statement = root.prepareStatement(sql)) {
			for (String orderNo : orderNos) {
				statement.setString(1, orderNo);
				statement.addBatch();
			}
			statement.executeBatch();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql + " failed: " + ex.getMessage(), ex);
		}
	}

}
