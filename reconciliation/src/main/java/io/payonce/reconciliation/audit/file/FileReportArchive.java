package io.payonce.reconciliation.audit.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.List;

import io.payonce.reconciliation.audit.AuditReport;
import io.payonce.reconciliation.audit.ReportArchive;

/**
 * {@code <dir>/ledger-audit-<from>_<to>_<generatedAt>.md|.csv}, written to a temporary file and moved into
 * place so that a reader never sees half a report.
 */
public final class FileReportArchive implements ReportArchive {

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private final Path directory;

	public FileReportArchive(Path directory) {
		this.directory = directory;
	}

	@Override
	public List<String> store(AuditReport report, String markdown, String csv) {
		String name = "ledger-audit-" + STAMP.format(report.period().from()) + "_" + STAMP.format(report.period().to())
				+ "_" + STAMP.format(report.generatedAt());
		try {
			Files.createDirectories(this.directory);
			return List.of(write(name + ".md", markdown).toString(), write(name + ".csv", csv).toString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the audit report to " + this.directory, ex);
		}
	}

	private Path write(String fileName, String content) throws IOException {
		Path target = this.directory.resolve(fileName);
		Path temporary = Files.createTempFile(this.directory, fileName, ".tmp");
		Files.writeString(temporary, content, StandardCharsets.UTF_8);
		return Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

}
