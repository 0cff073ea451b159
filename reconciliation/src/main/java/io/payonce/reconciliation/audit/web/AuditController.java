package io.payonce.reconciliation.audit.web;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

import io.payonce.reconciliation.audit.AuditReportFormat;
import io.payonce.reconciliation.audit.AuditService;
import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.config.QueryParameters;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/audits?from=…&to=…[&view=summary|full][&format=markdown|csv]}: runs the ledger audit for
 * {@code [from, to)} and archives the whole report (Markdown and CSV in the report directory). The answer is, by
 * default, the summary: the verdict, the totals, the findings and only the accounts that differ (at most
 * {@value io.payonce.reconciliation.audit.AuditSummary#SHOWN} of each), whatever the size of the ledger;
 * {@code view=full} sends the archived Markdown, {@code format=csv} the archived CSV (always the full listing), from
 * the file as it is, never built in memory. Header {@code Payonce-Audit-Balanced: true|false} gives the verdict to
 * scripts. {@code from}/{@code to} take dates or ISO instants ({@link QueryParameters}); each refusal is a 400
 * naming its parameter. A period longer than {@code payonce.reconciliation.audit.max-span} is a 400 naming
 * {@code to}. Read-only on the ledger: VIEWER may.
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
	ResponseEntity<Resource> audit(@RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(defaultValue = "summary") String view,
			@RequestParam(defaultValue = "markdown") String format) {
		boolean csv = "csv".equalsIgnoreCase(format);
		if (!csv && !"markdown".equalsIgnoreCase(format) && !"md".equalsIgnoreCase(format)) {
			throw new QueryParameters.BadParameterException("format", "format must be markdown or csv, not '"
					+ format + "'");
		}
		boolean full = "full".equalsIgnoreCase(view);
		if (!full && !"summary".equalsIgnoreCase(view)) {
			throw new QueryParameters.BadParameterException("view", "view must be summary or full, not '" + view
					+ "'");
		}
		Instant start = QueryParameters.instant("from", from, false);
		Instant end = QueryParameters.instant("to", to, true);
		QueryParameters.requireOrder(start, end);
		AuditService.Result result = this.audits.run(new AuditPeriod(start, end));
		ResponseEntity.BodyBuilder answer = ResponseEntity.ok()
			.contentType(csv ? CSV : MARKDOWN)
			.header("Payonce-Audit-Balanced", Boolean.toString(result.summary().balanced()));
		if (csv || full) {
			Path report = csv ? result.archived().csv() : result.archived().markdown();
			return answer.body(new FileSystemResource(report));
		}
		String summary = AuditReportFormat.Markdown.summary(result.summary(),
				result.archived().markdown().getFileName().toString());
		return answer.body(new ByteArrayResource(summary.getBytes(StandardCharsets.UTF_8)));
	}

}
