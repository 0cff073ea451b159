package io.payonce.reconciliation.audit.web;

import java.nio.file.Path;
import java.time.Instant;

import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.audit.AuditService;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/audits?from=…&to=…[&format=csv]}: runs the ledger audit for {@code [from, to)}, archives it
 * (Markdown and CSV in the report directory) and answers with the archived Markdown (default) or CSV, sent from
 * the file as it is, never built in memory. Header {@code Payonce-Audit-Balanced: true|false} gives the verdict
 * to scripts. A period longer than {@code payonce.reconciliation.audit.max-span} is a 400 naming {@code to}.
 * Read-only on the ledger: VIEWER may.
 */
@RestController
class AuditController {

	static final MediaType MARKDOWN = MediaType.parseMediaType("text/markdown;charset=UTF-8");

	static final MediaType CSV = MediaType.parseMediaType("text/csv;charset=UTF-8");

	private final AuditService audits;

	AuditController(AuditService audits) {
		this.audits = audits;
	}

	@GetMapping("/api/v1/audits")
	ResponseEntity<Resource> audit(@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant from,
			@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant to,
			@RequestParam(defaultValue = "markdown") String format) {
		boolean csv = "csv".equalsIgnoreCase(format);
		if (!csv && !"markdown".equalsIgnoreCase(format) && !"md".equalsIgnoreCase(format)) {
			throw new IllegalArgumentException("format must be markdown or csv");
		}
		AuditService.Result result = this.audits.run(new AuditPeriod(from, to));
		Path report = csv ? result.archived().csv() : result.archived().markdown();
		return ResponseEntity.ok()
			.contentType(csv ? CSV : MARKDOWN)
			.header("Payonce-Audit-Balanced", Boolean.toString(result.summary().balanced()))
			.body(new FileSystemResource(report));
	}

}
