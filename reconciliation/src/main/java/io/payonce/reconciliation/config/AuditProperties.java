package io.payonce.reconciliation.config;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Ledger audit ({@code payonce.reconciliation.audit.*}).
 *
 * @param reportDir where each report is kept as Markdown and CSV [PAYONCE_RECONCILIATION_AUDIT_REPORT_DIR,
 * default {@code <tmp>/payonce-reconciliation/reports}]
 * @param maxSpan the longest period one audit request may cover; a longer one is a 400 naming {@code to}
 * [PAYONCE_RECONCILIATION_AUDIT_MAX_SPAN, default 31d]. The audit streams, so this bounds how long a request
 * holds a database snapshot and a thread, not memory.
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.audit")
public record AuditProperties(Path reportDir, Duration maxSpan) {

	public AuditProperties {
		if (reportDir == null) {
			reportDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-reconciliation", "reports");
		}
		if (maxSpan == null || maxSpan.isZero() || maxSpan.isNegative()) {
			maxSpan = Duration.ofDays(31);
		}
	}

}
