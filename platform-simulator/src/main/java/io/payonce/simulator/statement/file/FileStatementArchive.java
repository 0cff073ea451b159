package io.payonce.simulator.statement.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.Optional;

import io.payonce.platform.statement.StatementCsv;
import io.payonce.simulator.statement.StatementArchive;

/**
 * Issued statements as files {@code <dir>/statement-<yyyy-MM-dd>.csv}, the file a merchant downloads. A file is
 * written to a temporary name and moved into place, so a reader never sees half a statement.
 */
public final class FileStatementArchive implements StatementArchive {

	private final Path dir;

	public FileStatementArchive(Path dir) {
		this.dir = dir.toAbsolutePath();
		try {
			Files.createDirectories(this.dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create the statement folder " + this.dir, ex);
		}
	}

	@Override
	public Optional<byte[]> find(LocalDate day) {
		Path file = fileOf(day);
		if (!Files.exists(file)) {
			return Optional.empty();
		}
		try {
			return Optional.of(Files.readAllBytes(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + file, ex);
		}
	}

	@Override
	public void store(LocalDate day, byte[] content) {
		Path file = fileOf(day);
		if (Files.exists(file)) {
			throw new IllegalStateException("the statement of " + day + " is issued already: " + file);
		}
		Path temporary = this.dir.resolve(file.getFileName() + ".tmp");
		try {
			Files.write(temporary, content);
			Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file, ex);
		}
	}

	@Override
	public boolean isIssued(LocalDate day) {
		return Files.exists(fileOf(day));
	}

	public Path fileOf(LocalDate day) {
		return this.dir.resolve(StatementCsv.fileName(day));
	}

}
