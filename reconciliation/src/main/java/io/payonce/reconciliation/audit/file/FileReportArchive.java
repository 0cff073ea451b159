package io.payonce.reconciliation.audit.file;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import io.payonce.reconciliation.audit.AuditFinding;
import io.payonce.reconciliation.audit.AuditPeriod;
import io.payonce.reconciliation.audit.AuditReport.AccountLine;
import io.payonce.reconciliation.audit.AuditReport.BizNoLine;
import io.payonce.reconciliation.audit.AuditReportFormat.Csv;
import io.payonce.reconciliation.audit.AuditReportFormat.Markdown;
import io.payonce.reconciliation.audit.AuditSummary;
import io.payonce.reconciliation.audit.ReportArchive;

/**
 * {@code <dir>/ledger-audit-<from>_<to>_<generatedAt>.md|.csv}. While the ledger is read each section goes to a
 * part file of its own (the report opens with the verdict and the findings, which are known only at the end);
 * {@link Report#complete} then joins the parts behind the title into a temporary file and moves it into place,
 * so that a reader never sees half a report. Memory holds a buffer per part, never the report.
 */
public final class FileReportArchive implements ReportArchive {

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private final Path directory;

	public FileReportArchive(Path directory) {
		this.directory = directory;
	}

	@Override
	public Report open(AuditPeriod period, Instant generatedAt) {
		String name = "ledger-audit-" + STAMP.format(period.from()) + "_" + STAMP.format(period.to()) + "_"
				+ STAMP.format(generatedAt);
		try {
			Files.createDirectories(this.directory);
			return new FileReport(this.directory, name);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the audit report to " + this.directory, ex);
		}
	}

	private static final class FileReport implements Report {

		private final Path directory;

		private final String name;

		private final List<Part> parts = new ArrayList<>();

		private final Part mdFindings;

		private final Part mdAccounts;

		private final Part mdBizNos;

		private final Part csvFindings;

		private final Part csvAccounts;

		private final Part csvBizNos;

		private boolean anyFinding;

		FileReport(Path directory, String name) throws IOException {
			this.directory = directory;
			this.name = name;
			this.mdFindings = part("findings.md");
			this.mdAccounts = part("accounts.md");
			this.mdBizNos = part("biznos.md");
			this.csvFindings = part("findings.csv");
			this.csvAccounts = part("accounts.csv");
			this.csvBizNos = part("biznos.csv");
		}

		private Part part(String section) throws IOException {
			Path file = Files.createTempFile(this.directory, this.name + "." + section + ".", ".part");
			Part part = new Part(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
			this.parts.add(part);
			return part;
		}

		@Override
		public void finding(AuditFinding finding) {
			if (!this.anyFinding) {
				this.mdFindings.write(Markdown.FINDINGS_TABLE);
				this.anyFinding = true;
			}
			this.mdFindings.write(Markdown.finding(finding));
			this.csvFindings.write(Csv.finding(finding));
		}

		@Override
		public void bizNo(BizNoLine line) {
			this.mdBizNos.write(Markdown.bizNo(line));
			this.csvBizNos.write(Csv.bizNo(line));
		}

		@Override
		public void account(AccountLine line) {
			this.mdAccounts.write(Markdown.account(line));
			this.csvAccounts.write(Csv.account(line));
		}

		@Override
		public Archived complete(AuditSummary summary) {
			try {
				for (Part part : this.parts) {
					part.writer().close();
				}
				Path markdown = join(this.name + ".md", text(Markdown.title(summary)), text(Markdown.FINDINGS),
						this.mdFindings, text(this.anyFinding ? "\n" : Markdown.NO_FINDINGS), text(Markdown.ACCOUNTS),
						this.mdAccounts, text(Markdown.BIZ_NOS), this.mdBizNos);
				Path csv = join(this.name + ".csv", text(Csv.HEADER), this.csvFindings, this.csvAccounts,
						this.csvBizNos);
				return new Archived(markdown, csv);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot write the audit report to " + this.directory, ex);
			}
		}

		/** The pieces in order, into a temporary file moved into place as {@code fileName}. */
		private Path join(String fileName, Piece... pieces) throws IOException {
			Path temporary = Files.createTempFile(this.directory, fileName, ".tmp");
			try (OutputStream out = Files.newOutputStream(temporary)) {
				for (Piece piece : pieces) {
					piece.writeTo(out);
				}
			}
			return Files.move(temporary, this.directory.resolve(fileName), StandardCopyOption.ATOMIC_MOVE,
					StandardCopyOption.REPLACE_EXISTING);
		}

		@Override
		public void close() {
			for (Part part : this.parts) {
				try {
					part.writer().close();
					Files.deleteIfExists(part.file());
				}
				catch (IOException ex) {
					// a part left behind is a stray file, not a wrong report: the report is only ever the joined file
				}
			}
		}

	}

	/** Something the finished report is joined from: a text, or a part file. */
	private interface Piece {

		void writeTo(OutputStream out) throws IOException;

	}

	private static Piece text(String text) {
		return (out) -> out.write(text.getBytes(StandardCharsets.UTF_8));
	}

	private record Part(Path file, Writer writer) implements Piece {

		@Override
		public void writeTo(OutputStream out) throws IOException {
			Files.copy(this.file, out);
		}

		void write(String text) {
			try {
				this.writer.write(text);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot write the audit report part " + this.file, ex);
			}
		}

	}

}
