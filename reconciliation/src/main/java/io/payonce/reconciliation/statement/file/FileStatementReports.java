package io.payonce.reconciliation.statement.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import io.payonce.reconciliation.statement.StatementFinding;
import io.payonce.reconciliation.statement.StatementReport;
import io.payonce.reconciliation.statement.StatementReportFormat;
import io.payonce.reconciliation.statement.StatementReports;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each import's report as {@code statement-<day>-<first 16 of the SHA-256>.md}, {@code .csv} and {@code .json} (the
 * console's: the summary, counts per kind, the unreadable lines and the findings) in a directory, each written to a
 * temporary file and moved into place, so a report is whole or absent.
 */
public final class FileStatementReports implements StatementReports {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Set<String> EXTENSIONS = Set.of("md", "csv", "json");

	private static final Pattern NAME = Pattern.compile("statement-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9a-f]{16}");

	private final Path directory;

	public FileStatementReports(Path directory) {
		this.directory = directory;
	}

	@Override
	public String keep(StatementReport report) {
		String name = "statement-" + report.day() + "-" + report.sha256().substring(0, 16);
		try {
			Files.createDirectories(this.directory);
			write(name + ".md", StatementReportFormat.markdown(report));
			write(name + ".csv", StatementReportFormat.csv(report));
			write(name + ".json", JSON.writeValueAsString(view(report)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return name;
	}

	/** A kept report's file; empty for an unknown or malformed name. */
	public Optional<Path> find(String name, String extension) {
		if (name == null || !NAME.matcher(name).matches() || !EXTENSIONS.contains(extension)) {
			return Optional.empty();
		}
		Path file = this.directory.resolve(name + "." + extension);
		return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
	}

	/**
	 * The summary of a kept report ({@code balanced}, {@code complete}, {@code counts} per kind), read from its JSON;
	 * empty when this instance does not hold it (another replica imported the file) or it predates the JSON.
	 */
	public Optional<Map<String, Object>> summary(String name) {
		Optional<Path> file = find(name, "json");
		if (file.isEmpty()) {
			return Optional.empty();
		}
		try {
			JsonNode root = JSON.readTree(file.get().toFile());
			Map<String, Object> summary = new LinkedHashMap<>();
			summary.put("balanced", root.path("balanced").asBoolean());
			summary.put("complete", root.path("complete").asBoolean());
			summary.put("counts", JSON.treeToValue(root.path("counts"), Map.class));
			return Optional.of(summary);
		}
		catch (JacksonException ex) {
			return Optional.empty();
		}
	}

	/** The report as the console reads it; amounts as plain decimals. */
	static Map<String, Object> view(StatementReport report) {
		Map<String, Object> view = new LinkedHashMap<>();
		view.put("day", report.day().toString());
		view.put("sha256", report.sha256());
		view.put("operator", report.operator());
		view.put("channel", report.channel());
		view.put("importedAt", report.importedAt().toString());
		view.put("rows", report.rows());
		view.put("complete", report.complete());
		view.put("balanced", report.balanced());
		Map<String, Long> counts = new LinkedHashMap<>();
		for (StatementFinding.Kind kind : StatementFinding.Kind.values()) {
			counts.put(kind.name(), report.count(kind));
		}
		view.put("counts", counts);
		view.put("balances", report.balances().stream().map((b) -> {
			Map<String, Object> balance = new LinkedHashMap<>();
			balance.put("currency", b.currency());
			balance.put("statement", plain(b.statement()));
			balance.put("recorded", plain(b.recorded()));
			balance.put("missing", plain(b.missing()));
			balance.put("unknown", plain(b.unknown()));
			balance.put("mismatch", plain(b.mismatch()));
			balance.put("balances", b.balances());
			balance.put("deducted", plain(b.deducted()));
			balance.put("expectedDeducted", plain(b.expectedDeducted()));
			return balance;
		}).toList());
		view.put("errors", report.errors().stream().map((e) -> {
			Map<String, Object> error = new LinkedHashMap<>();
			error.put("line", e.number());
			error.put("field", e.field());
			error.put("message", e.message());
			return error;
		}).toList());
		view.put("findings", report.findings().stream().map((f) -> {
			Map<String, Object> finding = new LinkedHashMap<>();
			finding.put("kind", f.kind().name());
			finding.put("line", f.line());
			finding.put("payNo", f.payNo());
			finding.put("orderNo", f.orderNo());
			finding.put("currency", f.currency());
			finding.put("statementAmount", plain(f.statementAmount()));
			finding.put("recordedAmount", plain(f.recordedAmount()));
			finding.put("difference", plain(f.difference()));
			finding.put("repair", f.repair());
			finding.put("detail", f.detail());
			return finding;
		}).toList());
		return view;
	}

	private static String plain(BigDecimal amount) {
		return (amount == null) ? null : amount.toPlainString();
	}

	private void write(String fileName, String content) throws IOException {
		Path temporary = Files.createTempFile(this.directory, fileName, ".tmp");
		Files.writeString(temporary, content, StandardCharsets.UTF_8);
		Files.move(temporary, this.directory.resolve(fileName), StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

}
