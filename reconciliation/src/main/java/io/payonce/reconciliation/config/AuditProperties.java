package io.payonce.reconciliation.config;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Ledger audit ({@code payonce.reconciliation.audit.*}).
 *
 * @param reportDir where each report is kept as Markdown and CSV [PAYONCE_RECONCILIATION_AUDIT_REPORT_DIR,
 * default {@code <tmp>/payonce-reconciliation/reports}]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.audit")
public record AuditProperties(Path reportDir) {

	public AuditProperties {
		if (reportDir == null) {
			reportDir = Path.of(System.getProperty("java.io.tmpdir"), "payonce-reconciliation", "reports");
		}
	}

}
