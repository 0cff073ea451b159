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

import io.payonce.dlt.terminal.AuditChain;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The audit trail as an append-only JSON-lines file, forced to disk on every append: an action the API answered
 * OK is on disk. Each line is {@code {"previous":…,"hash":…,"entry":{…}}}, a link of {@link AuditChain}; the
 * chain is verified when the handler starts (a broken one stops the start: the terminal index is rebuilt from
 * these entries, so a doctored trail would hide or reopen records) and on every read of the trail through the
 * API. Lines of earlier versions without a hash are accepted only before the first chained line, and are
 * covered by the chain from there on. One instance per handler; several handler instances need a shared store.
 */
public final class JsonLinesAuditTrail implements AuditTrail {

	private static final Logger log = LoggerFactory.getLogger(JsonLinesAuditTrail.class);

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final Path file;

	private final List<AuditEntry> entries = new ArrayList<>();

	private String head = AuditChain.GENESIS;

	/** @throws TamperedAuditTrailException if the stored trail is not intact */
	public JsonLinesAuditTrail(Path file) {
		this.file = file;
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create the folder of the audit trail " + file, ex);
		}
		Stored stored = read();
		this.entries.addAll(stored.entries());
		this.head = stored.head();
		log.info("Audit trail {}: {} entries, hash chain intact, head {}", file, this.entries.size(), this.head);
	}

	@Override
	public synchronized void append(AuditEntry entry) {
		String canonical = MAPPER.writeValueAsString(entry);
		String hash = AuditChain.hash(this.head, canonical);
		String line = "{\"previous\":\"" + this.head + "\",\"hash\":\"" + hash + "\",\"entry\":" + canonical + "}\n";
		try {
			Files.write(this.file, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
					StandardOpenOption.APPEND, StandardOpenOption.SYNC);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the audit trail " + this.file, ex);
		}
		this.entries.add(entry);
		this.head = hash;
		// the chain's head leaves the host with the log: the witness against a trail rewritten from scratch
		log.info("Audit entry {} {} by {}: {}; chain head {}", entry.id(), entry.action(), entry.actor(), entry.result(),
				hash);
	}

	@Override
	public synchronized List<AuditEntry> entries() {
		return Collections.unmodifiableList(new ArrayList<>(this.entries));
	}

	@Override
	public synchronized void verify() {
		Stored stored = read();
		if (!stored.entries().equals(this.entries) || !stored.head().equals(this.head)) {
			throw new TamperedAuditTrailException("Audit trail " + this.file + " is not the one this handler wrote: "
					+ stored.entries().size() + " entries stored with head " + stored.head() + ", "
					+ this.entries.size() + " written with head " + this.head);
		}
	}

	/** The stored entries and the chain's head, verified line by line. */
	private Stored read() {
		List<AuditEntry> read = new ArrayList<>();
		String previous = AuditChain.GENESIS;
		if (!Files.exists(this.file)) {
			return new Stored(read, previous);
		}
		List<String> lines;
		try {
			lines = Files.readAllLines(this.file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the audit trail " + this.file, ex);
		}
		boolean chained = false;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (line.isBlank()) {
				continue;
			}
			int number = i + 1;
			try {
				JsonNode node = MAPPER.readTree(line);
				if (node.has("hash")) {
					chained = true;
					AuditEntry entry = MAPPER.treeToValue(node.get("entry"), AuditEntry.class);
					String canonical = MAPPER.writeValueAsString(entry);
					if (!previous.equals(node.path("previous").asString())) {
						throw tampered(number, "it does not follow the entry before it (removed or reordered)");
					}
					String hash = AuditChain.hash(previous, canonical);
					if (!hash.equals(node.get("hash").asString())) {
						throw tampered(number, "its content does not match its hash (changed)");
					}
					read.add(entry);
					previous = hash;
				}
				else if (chained) {
					throw tampered(number, "an entry without a hash after chained ones (inserted)");
				}
				else {
					// an entry of an earlier version: covered by the chain from here on
					read.add(MAPPER.readValue(line, AuditEntry.class));
					previous = AuditChain.hash(previous, line);
				}
			}
			catch (JacksonException ex) {
				throw tampered(number, "it is not an audit entry (" + ex.getOriginalMessage() + ")");
			}
		}
		return new Stored(read, previous);
	}

	private TamperedAuditTrailException tampered(int line, String why) {
		return new TamperedAuditTrailException("Audit trail " + this.file + " is not intact at line " + line + ": " + why);
	}

	private record Stored(List<AuditEntry> entries, String head) {

	}

}
