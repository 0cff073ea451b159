package io.payonce.reconciliation.config;

import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * This service adds one table ({@code t_reversal_audit}) to the trade schema owned by deduct-consumer, with
 * its own history table. It must never be the first to touch that schema: the consumer's Flyway (default
 * history table, no baseline) refuses a non-empty schema it has no history for. So this migration waits for
 * the consumer's tables and fails the start with a clear message instead.
 */
@Configuration(proxyBeanMethods = false)
class FlywayConfiguration {

	@Bean
	FlywayMigrationStrategy afterTradeSchema() {
		return flyway -> {
			// Flyway's own data source: the JdbcTemplate bean waits for Flyway, so it cannot be used here
			requireTradeSchema(new JdbcTemplate(flyway.getConfiguration().getDataSource()));
			flyway.migrate();
		};
	}

	private static void requireTradeSchema(JdbcTemplate jdbc) {
		Integer tables = jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.tables"
				+ " WHERE table_schema = DATABASE() AND table_name = 't_account_flow'", Integer.class);
		if (tables == null || tables == 0) {
			throw new IllegalStateException("The trade schema has no t_account_flow yet: start deduct-consumer "
					+ "(which owns and migrates it) before the reconciliation service");
		}
		// R__reconciliation_grants.sql grants on the freeze tables of the consumer's V4
		Integer freeze = jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.tables"
				+ " WHERE table_schema = DATABASE() AND table_name = 't_account_freeze'", Integer.class);
		if (freeze == null || freeze == 0) {
			throw new IllegalStateException("The trade schema has no t_account_freeze yet (deduct-consumer's"
					+ " migration V4): start the new deduct-consumer before the reconciliation service");
		}
	}


}
