package io.payonce.reconciliation.it;

import java.nio.file.Files;
import java.nio.file.Path;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.flywaydb.core.Flyway;

/**
 * The trade schema as the deduct consumer creates it: its own migration files, read from its source folder (not
 * copied), so a change of the consumer's schema reaches these tests at once. Reconciliation refuses to start
 * before {@code t_account_flow} exists.
 */
final class TradeSchema {

	private TradeSchema() {
	}

	static void migrateAsTheConsumerDoes(LocalStack stack) {
		Path migrations = Path.of("..", "deduct-consumer", "src", "main", "resources", "db", "migration")
			.toAbsolutePath()
			.normalize();
		if (!Files.isDirectory(migrations)) {
			throw new IllegalStateException("The consumer's migrations are not at " + migrations);
		}
		Flyway.configure()
			.dataSource(stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
					LocalDatabase.TRADE.password())
			.locations("filesystem:" + migrations)
			.placeholders(LocalDatabase.grantPlaceholders(LocalDatabase.TRADE_APP))
			.load()
			.migrate();
	}

}
