package io.payonce.reconciliation.statement.spring;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.scheduling.support.CronExpression;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Statement reconciliation ({@code payonce.reconciliation.statement.*}).
 *
 * @param reportDir where each import's report is kept (Markdown and CSV) [PAYONCE_RECONCILIATION_STATEMENT_REPORT_DIR,
 * default {@code <tmp>/payonce-reconciliation/statements}]
 * @param maxFileSize a larger upload is a 413 [PAYONCE_RECONCILIATION_STATEMENT_MAX_FILE_SIZE, default 64MB: about
 * 700,000 lines]
 * @param staleAfter an import still marked running after this is taken for dead and the file may be imported again
 * [PAYONCE_RECONCILIATION_STATEMENT_STALE_AFTER, default 30m]
 * @param fetch the scheduled fetch from the platform
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.statement")
public record StatementProperties(Path reportDir, DataSize maxFileSize, Duration staleAfter, @Valid Fetch fetch) {

	public StatementProperties {
		if (reportDir == null) {
			reportDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-reconciliation", "statements");
		}
		if (maxFileSize == null || maxFileSize.toBytes() <= 0) {
			maxFileSize = DataSize.ofMegabytes(64);
		}
		if (staleAfter == null || staleAfter.isZero() || staleAfter.isNegative()) {
			staleAfter = Duration.ofMinutes(30);
		}
		if (fetch == null) {
			fetch = new Fetch(null, null, null, null, null);
		}
	}

	/**
	 * The scheduled fetch ({@code payonce.reconciliation.statement.fetch.*}): every replica runs it, the import's claim
	 * lets one import a file.
	 *
	 * @param enabled [PAYONCE_RECONCILIATION_STATEMENT_FETCH_ENABLED, default true]
	 * @param cron when a round starts, a Spring cron expression in UTC [PAYONCE_RECONCILIATION_STATEMENT_FETCH_CRON,
	 * default {@code 0 30 0 * * *}: 00:30 UTC, half an hour after the day closed]
	 * @param catchUpDays the days a round looks at, counted back from yesterday: a day missed while every replica was
	 * down is fetched by a later round [PAYONCE_RECONCILIATION_STATEMENT_FETCH_CATCH_UP_DAYS, default 3, 1 to 31]
	 * @param retryInterval after a round that left a day to do (the platform not ready or down, an import that failed or
	 * is incomplete), the next round comes this much later [PAYONCE_RECONCILIATION_STATEMENT_FETCH_RETRY_INTERVAL,
	 * default 15m]
	 * @param maxRetries at most this many such rounds after each scheduled one; then the next scheduled round (and the
	 * alert on the last imported day's age) [PAYONCE_RECONCILIATION_STATEMENT_FETCH_MAX_RETRIES, default 32: 8 hours]
	 */
	public record Fetch(Boolean enabled, String cron, Integer catchUpDays, Duration retryInterval,
			Integer maxRetries) {

		public Fetch {
			if (enabled == null) {
				enabled = Boolean.TRUE;
			}
			if (cron == null || cron.isBlank()) {
				cron = "0 30 0 * * *";
			}
			if (catchUpDays == null) {
				catchUpDays = 3;
			}
			if (retryInterval == null) {
				retryInterval = Duration.ofMinutes(15);
			}
			if (maxRetries == null) {
				maxRetries = 32;
			}
		}

		@AssertTrue(message = "cron must be a Spring cron expression (six fields: second minute hour day month weekday)")
		public boolean isCronValid() {
			return CronExpression.isValidExpression(this.cron);
		}

		@AssertTrue(message = "catch-up-days must be between 1 and 31")
		public boolean isCatchUpDaysInRange() {
			return this.catchUpDays >= 1 && this.catchUpDays <= 31;
		}

		@AssertTrue(message = "retry-interval must be positive and max-retries at least 0")
		public boolean isRetryBounded() {
			return !this.retryInterval.isNegative() && !this.retryInterval.isZero() && this.maxRetries >= 0;
		}

	}

}
