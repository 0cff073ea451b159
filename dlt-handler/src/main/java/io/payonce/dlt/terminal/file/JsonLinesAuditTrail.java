package io.payonce.dlt.terminal.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import tools.jackson.databind.json.JsonMapper;

/**
 * The audit trail as an append-only JSON-lines file, forced to disk on every append: an action the API
 * answered OK is on disk. One instance per handler; several handler instances need a shared store instead.
 */
public final class JsonLinesAuditTrail implements AuditTrail {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final Path file;

	private final List<AuditEntry> entries = new ArrayList<>();

	public JsonLinesAuditTrail(Path file) {
		this.file = file;
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			if (Files.exists(file)) {
				for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
					if (!line.isBlank()) {
						this.entries.add(MAPPER.readValue(line, AuditEntry.class));
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the audit trail " + file, ex);
		}
	}

	@Override
	public synchronized void append(AuditEntry entry) {
		byte[] line = (MAPPER.writeValueAsString(entry) + "\n").getBytes(StandardCharsets.UTF_8);
		try {
			Files.write(this.file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.SYNC);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the audit trail " + this.file, ex);
		}
		this.entries.add(entry);
	}

	@Override
	public synchronized List<AuditEntry> entries() {
		return Collections.unmodifiableList(new ArrayList<>(this.entries));
	}

}
