package io.payonce.reconciliation.statement.spring;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
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
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.statement")
public record StatementProperties(Path reportDir, DataSize maxFileSize, Duration staleAfter) {

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
	}

}
