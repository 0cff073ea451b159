package io.payonce.reconciliation.statement.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.regex.Pattern;

import io.payonce.reconciliation.statement.StatementReport;
import io.payonce.reconciliation.statement.StatementReportFormat;
import io.payonce.reconciliation.statement.StatementReports;

/**
 * Each import's report as {@code statement-<day>-<first 16 of the SHA-256>.md} and {@code .csv} in a directory,
 * each written to a temporary file and moved into place, so a report is whole or absent.
 */
public final class FileStatementReports implements StatementReports {

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
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return name;
	}

	/** A kept report's file; empty for an unknown or malformed name. */
	public Optional<Path> find(String name, String extension) {
		if (!NAME.matcher(name).matches() || !(extension.equals("md") || extension.equals("csv"))) {
			return Optional.empty();
		}
		Path file = this.directory.resolve(name + "." + extension);
		return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
	}

	private void write(String fileName, String content) throws IOException {
		Path temporary = Files.createTempFile(this.directory, fileName, ".tmp");
		Files.writeString(temporary, content, StandardCharsets.UTF_8);
		Files.move(temporary, this.directory.resolve(fileName), StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

}
