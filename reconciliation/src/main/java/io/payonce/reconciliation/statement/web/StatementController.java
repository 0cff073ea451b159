package io.payonce.reconciliation.statement.web;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.payonce.platform.Statement;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.reconciliation.statement.ImportOutcome;
import io.payonce.reconciliation.statement.StatementFetch;
import io.payonce.reconciliation.statement.StatementFinding;
import io.payonce.reconciliation.config.QueryParameters;
import io.payonce.reconciliation.statement.StatementImport;
import io.payonce.reconciliation.statement.StatementImports;
import io.payonce.reconciliation.statement.StatementReport;
import io.payonce.reconciliation.statement.file.FileStatementReports;
import io.payonce.reconciliation.statement.spring.StatementProperties;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/statements/{yyyy-MM-dd}} (ADMIN, body: the statement file as it is, {@code text/csv}): imports
 * it once per file. 200 with the result ({@code IMPORTED}, {@code INCOMPLETE}: some repair got no answer, import
 * again; {@code ALREADY_IMPORTED}: the same file before, nothing changed), the unreadable lines (line, field,
 * message), the findings per kind, the totals and the report's name; 409 while another import of the same file
 * runs; 400 for a bad day or a file that is not a statement (its header, line 1); 413 above the size limit.
 * {@code GET /api/v1/statements/reports/{name}.md|.csv|.json} (VIEWER) returns a kept report; {@code GET
 * /api/v1/statements} (VIEWER) lists the imports.
 */
@RestController
class StatementController {

	private final StatementImport imports;

	private final FileStatementReports reports;

	private final long maxBytes;

	private final StatementImports history;

	private final Clock clock;

	StatementController(StatementImport imports, StatementImports history, FileStatementReports reports,
			StatementProperties properties, Clock clock) {
		this.imports = imports;
		this.history = history;
		this.clock = clock;
		this.reports = reports;
		this.maxBytes = properties.maxFileSize().toBytes();
	}

	@PostMapping(path = "/api/v1/statements/{day}", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<?> importStatement(@PathVariable String day, @RequestParam(defaultValue = "API") String channel,
			HttpServletRequest request, Authentication operator) throws IOException {
		LocalDate statementDay;
		try {
			statementDay = LocalDate.parse(day);
		}
		catch (DateTimeParseException ex) {
			return problem(HttpStatus.BAD_REQUEST, "day", "must be a date yyyy-MM-dd");
		}
		if (!channel.equals("API") && !channel.equals("CLI")) {
			return problem(HttpStatus.BAD_REQUEST, "channel", "must be API or CLI");
		}
		byte[] file;
		try (InputStream in = request.getInputStream()) {
			file = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, this.maxBytes + 1));
		}
		if (file.length > this.maxBytes) {
			return problem(HttpStatus.CONTENT_TOO_LARGE, "file", "is larger than " + this.maxBytes + " bytes");
		}
		Statement statement = StatementCsv.parse(statementDay, file);
		Optional<Statement.LineError> header = StatementFetch.notAStatement(statement);
		if (header.isPresent() || (file.length == 0)) {
			// not a statement at all: importing it would report every payment of the day as unknown
			return problem(HttpStatus.BAD_REQUEST, "line 1",
					header.isEmpty() ? "the file is empty" : header.get().toString() + ": not a statement, nothing imported");
		}
		ImportOutcome outcome = this.imports.importStatement(statement, operator.getName(), channel);
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("result", outcome.result());
		body.put("day", statementDay.toString());
		body.put("sha256", statement.sha256());
		body.put("report", outcome.reportName());
		if (outcome.earlier() != null) {
			body.put("importedAt", outcome.earlier().startedAt());
			body.put("importedBy", outcome.earlier().operator());
			body.put("status", outcome.earlier().status());
		}
		StatementReport report = outcome.report();
		if (report != null) {
			body.put("rows", report.rows());
			body.put("errors", report.errors()
				.stream()
				.map((e) -> {
					Map<String, Object> error = new LinkedHashMap<>();
					error.put("line", e.number());
					error.put("field", e.field());
					error.put("message", e.message());
					return error;
				})
				.toList());
			Map<String, Long> counts = new LinkedHashMap<>();
			for (StatementFinding.Kind kind : StatementFinding.Kind.values()) {
				counts.put(kind.name(), report.count(kind));
			}
			body.put("findings", counts);
			body.put("balanced", report.balanced());
			body.put("balances", report.balances());
			body.put("complete", report.complete());
		}
		HttpStatus status = (outcome.result() == ImportOutcome.Result.IN_PROGRESS) ? HttpStatus.CONFLICT : HttpStatus.OK;
		return ResponseEntity.status(status).body(body);
	}

	@GetMapping("/api/v1/statements/reports/{name}.{extension}")
	ResponseEntity<Resource> report(@PathVariable String name, @PathVariable String extension) throws IOException {
		Path file = this.reports.find(name, extension).orElse(null);
		if (file == null) {
			return ResponseEntity.notFound().build();
		}
		MediaType type = switch (extension) {
			case "md" -> MediaType.parseMediaType("text/markdown;charset=UTF-8");
			case "json" -> MediaType.APPLICATION_JSON;
			default -> MediaType.parseMediaType("text/csv;charset=UTF-8");
		};
		return ResponseEntity.ok().contentType(type).contentLength(Files.size(file)).body(new FileSystemResource(file));
	}

	/**
	 * {@code GET /api/v1/statements[?from=yyyy-MM-dd][&to=yyyy-MM-dd][&limit=100]} (VIEWER): the imports of the
	 * statement days in {@code [from, to]} (default the last 31 days up to today, UTC), newest day first, each with
	 * its counts and, when this instance holds its report, whether it balanced and its findings per kind.
	 */
	@GetMapping(path = "/api/v1/statements", produces = MediaType.APPLICATION_JSON_VALUE)
	Map<String, Object> list(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(defaultValue = "100") String limit) {
		LocalDate last = (to == null) ? LocalDate.now(this.clock) : day("to", to);
		LocalDate first = (from == null) ? last.minusDays(31) : day("from", from);
		if (first.isAfter(last)) {
			throw new QueryParameters.BadParameterException("from", "must not be after to");
		}
		int max;
		try {
			max = Integer.parseInt(limit);
		}
		catch (NumberFormatException ex) {
			max = 0;
		}
		if (max < 1 || max > 1000) {
			throw new QueryParameters.BadParameterException("limit", "must be a number from 1 to 1000");
		}
		List<Map<String, Object>> rows = new ArrayList<>();
		for (StatementImports.ImportSummary summary : this.history.list(first, last, max)) {
			StatementImports.ImportRecord record = summary.record();
			Map<String, Object> row = new LinkedHashMap<>();
			row.put("day", record.day().toString());
			row.put("sha256", record.sha256());
			row.put("status", record.status());
			row.put("operator", record.operator());
			row.put("channel", record.channel());
			row.put("startedAt", record.startedAt());
			row.put("finishedAt", record.finishedAt());
			row.put("rows", summary.rows());
			row.put("lineErrors", summary.lineErrors());
			row.put("findings", summary.findings());
			row.put("report", record.report());
			row.put("reportHere", false);
			this.reports.summary(record.report()).ifPresent((kept) -> {
				row.putAll(kept);
				row.put("reportHere", true);
			});
			rows.add(row);
		}
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("from", first.toString());
		body.put("to", last.toString());
		body.put("imports", rows);
		return body;
	}

	private static LocalDate day(String name, String value) {
		try {
			return LocalDate.parse(value);
		}
		catch (DateTimeParseException ex) {
			throw new QueryParameters.BadParameterException(name, "must be a date yyyy-MM-dd");
		}
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String field, String message) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, field + " " + message);
		problem.setProperty("field", field);
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
