package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import io.payonce.consumer.schema.TradeSchemaPreflight;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Migration V2 on trade schemas as V1 left them (throw-away schemas of the local MariaDB with the collation the
 * trade schema used to inherit, {@code utf8mb4_unicode_ci}): a clean one becomes byte-exact and keeps its rows; one
 * whose rows would change meaning is refused with each row named, left as it was, and migrates once fixed.
 */
class TradeSchemaMigrationIT {

	private static final MariaDbNode DB = LocalStack.shared().mariaDb();

	private static final List<String> TABLES = List.of("t_order", "t_account", "t_account_flow", "t_outbox");

	private final String schema = "it_trade_v1_" + UUID.randomUUID().toString().substring(0, 8);

	private final JdbcTemplate jdbc = createV1Schema(this.schema);

	@AfterEach
	void dropSchema() throws SQLException {
		try (Connection root = DB.rootConnection(); Statement sql = root.createStatement()) {
			sql.execute("DROP DATABASE IF EXISTS " + this.schema);
		}
	}

	@Test
	void aCleanV1DatabaseBecomesByteExactKeepsItsRowsAndGainsTheSchemaWalls() {
		// given a V1 ledger: a paid order with its flow, an INIT order, a reversal booked the old way
		this.jdbc.update("INSERT INTO t_account (user_id, balance, currency) VALUES (1, 801.00, 'CNY')");
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES"
				+ " ('AB-1', 1, 199.00, 'CNY', 'PAID'), ('AB-2', 1, 5.00, 'CNY', 'INIT')");
		this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (1, -199.00, 'AB-1',"
				+ " 'PAY_DEDUCT'), (1, -199.00, 'AB-1', 'LEGACY_DEDUCT'), (1, 199.00, 'AB-1-REVERSE', 'REVERSE_DEDUCT')");

		// when
		flyway(this.schema).migrate();

		// then every text column, every table and the schema compare bytes, on InnoDB
		assertThat(this.jdbc.queryForList("SELECT DISTINCT collation_name FROM information_schema.columns"
				+ " WHERE table_schema = ? AND table_name IN ('t_order', 't_account', 't_account_flow', 't_outbox')"
				+ " AND collation_name IS NOT NULL", String.class, this.schema)).containsExactly("utf8mb4_bin");
		assertThat(this.jdbc.queryForList("SELECT CONCAT(table_name, ' ', engine, ' ', table_collation)"
				+ " FROM information_schema.tables WHERE table_schema = ? AND table_name IN"
				+ " ('t_order', 't_account', 't_account_flow', 't_outbox')", String.class, this.schema))
			.containsExactlyInAnyOrderElementsOf(TABLES.stream().map((t) -> t + " InnoDB utf8mb4_bin").toList());
		assertThat(this.jdbc.queryForObject("SELECT default_collation_name FROM information_schema.schemata"
				+ " WHERE schema_name = ?", String.class, this.schema)).isEqualTo("utf8mb4_bin");
		// and the rows are kept; the order paid before V2 has no payNo (the ledger cannot know it)
		assertThat(this.jdbc.queryForList("SELECT CONCAT(order_no, ' ', status, ' ', COALESCE(pay_no, '-'))"
				+ " FROM t_order ORDER BY order_no", String.class)).containsExactly("AB-1 PAID -", "AB-2 INIT -");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM t_account_flow WHERE reverses_flow_id IS NULL",
				Integer.class)).isEqualTo(3);
		// and 'ab-1' is now another order than 'AB-1', with a flow of its own
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES"
				+ " ('ab-1', 1, 1.00, 'CNY', 'INIT')");
		this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (1, -1.00, 'ab-1',"
				+ " 'PAY_DEDUCT')");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE order_no = 'ab-1'", Integer.class))
			.isEqualTo(1);
		// and no writer can make a balance negative
		assertThatThrownBy(() -> this.jdbc.update("UPDATE t_account SET balance = -0.01 WHERE user_id = 1"))
			.hasMessageContaining("ck_account_balance_not_negative");
	}

	@Test
	void aV1DatabaseWithRowsThatWouldChangeMeaningIsRefusedNamingEachRowAndMigratesOnceFixed() {
		// given what the case-insensitive schema let in: the payment 'ab-1' paid order 'AB-1' (the flow carries the
		// payment's spelling), a reversal in another spelling, a lower-case state, type and currency, a balance
		// below zero written by some other hand
		this.jdbc.update("INSERT INTO t_account (user_id, balance, currency) VALUES (1, 100.00, 'CNY'),"
				+ " (2, -3.00, 'CNY'), (3, 10.00, 'cny')");
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES"
				+ " ('AB-1', 1, 10.00, 'CNY', 'PAID'), ('P-2', 1, 10.00, 'CNY', 'PAID'), ('P-3', 1, 10.00, 'CNY', 'paid'),"
				+ " ('P-4', 1, 10.00, 'usd', 'INIT')");
		this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES"
				+ " (1, -10.00, 'ab-1', 'PAY_DEDUCT'), (1, -10.00, 'P-2', 'PAY_DEDUCT'), (1, -10.00, 'P-2', 'LEGACY'),"
				+ " (1, 10.00, 'p-2-REVERSE', 'REVERSE_DEDUCT'), (1, -10.00, 'P-3', 'pay_deduct')");

		// when / then: refused, each row named
		assertThatThrownBy(() -> flyway(this.schema).migrate()).isInstanceOf(FlywayException.class)
			.hasMessageContaining("8 row(s) would change meaning")
			.hasMessageContaining("biz_no='ab-1' type=PAY_DEDUCT is booked on order_no='AB-1'")
			.hasMessageContaining("biz_no='p-2-REVERSE' reverses flow id=")
			.hasMessageContaining("t_order order_no='P-3' status='paid'")
			.hasMessageContaining("biz_no='P-3' type='pay_deduct'")
			.hasMessageContaining("t_order order_no='P-4' currency='usd'")
			.hasMessageContaining("t_account user_id=3 currency='cny'")
			.hasMessageContaining("t_account user_id=2 balance=-3.00")
			.hasMessageContaining("Nothing was changed");
		// and nothing was: still V1, still case-insensitive, no failed migration to repair
		assertThat(this.jdbc.queryForObject("SELECT collation_name FROM information_schema.columns"
				+ " WHERE table_schema = ? AND table_name = 't_order' AND column_name = 'order_no'", String.class,
				this.schema)).isEqualTo("utf8mb4_unicode_ci");
		assertThat(flyway(this.schema).info().applied()).extracting(MigrationInfo::getVersion)
			.filteredOn(Objects::nonNull)
			.extracting(Object::toString)
			.containsExactly("1");

		// when the rows are fixed as the README says
		this.jdbc.update("UPDATE t_account_flow SET biz_no = 'AB-1' WHERE biz_no = 'ab-1'");
		this.jdbc.update("UPDATE t_account_flow SET biz_no = 'P-2-REVERSE' WHERE type = 'REVERSE_DEDUCT'");
		this.jdbc.update("UPDATE t_order SET status = UPPER(status), currency = UPPER(currency)");
		this.jdbc.update("UPDATE t_account_flow SET type = UPPER(type)");
		this.jdbc.update("UPDATE t_account SET balance = 0.00 WHERE balance < 0");
		this.jdbc.update("UPDATE t_account SET currency = UPPER(currency)");

		// then the same database migrates
		flyway(this.schema).migrate();
		// (the repeatable grant migration, applied after V2, has no version: only versions are compared)
		assertThat(flyway(this.schema).info().applied()).extracting(MigrationInfo::getVersion)
			.filteredOn(Objects::nonNull)
			.extracting(Object::toString)
			.containsExactly("1", "2", "3", "4");
	}

	@Test
	void theConsumerRefusesToStartOnADatabaseWithSuchRows() {
		// given
		this.jdbc.update("INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES"
				+ " ('AB-1', 1, 10.00, 'CNY', 'PAID')");
		this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (1, -10.00, 'ab-1',"
				+ " 'PAY_DEDUCT')");

		// when / then: the start fails, the message names the row
		assertThatThrownBy(() -> ConsumerInstance.start(LocalStack.shared(), "refused", Fixtures.aGroup("refused"),
				Map.of("spring.datasource.url", DB.jdbcUrl(this.schema), "spring.datasource.username", DB.rootUser(),
						"spring.datasource.password", DB.rootPassword(), "spring.flyway.user", DB.rootUser(),
						"spring.flyway.password", DB.rootPassword())))
			.rootCause()
			.hasMessageContaining("biz_no='ab-1' type=PAY_DEDUCT is booked on order_no='AB-1'");
	}

	/** The consumer's migrations, as its Spring Boot Flyway runs them (with the preflight callback). */
	private static Flyway flyway(String schema) {
		return Flyway.configure()
			.dataSource(DB.jdbcUrl(schema), DB.rootUser(), DB.rootPassword())
			.callbacks(new TradeSchemaPreflight())
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.TRADE_APP))
			.load();
	}

	/** A schema as a V1 deployment has it: created case-insensitive, migrated to V1 only. */
	private static JdbcTemplate createV1Schema(String schema) {
		try (Connection root = DB.rootConnection(); Statement sql = root.createStatement()) {
			sql.execute("CREATE DATABASE " + schema + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		Flyway.configure()
			.dataSource(DB.jdbcUrl(schema), DB.rootUser(), DB.rootPassword())
			.target("1")
			// the repeatable grant migration is resolved (checksummed) even when the target leaves it out
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.TRADE_APP))
			.load()
			.migrate();
		return new JdbcTemplate(new DriverManagerDataSource(DB.jdbcUrl(schema), DB.rootUser(), DB.rootPassword()));
	}

}
