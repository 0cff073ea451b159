package io.payonce.dlt.terminal.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail.TamperedAuditTrailException;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/** The trail survives a restart as written, and any later change of what was written is found. */
class JsonLinesAuditTrailTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00.123456789Z");

	@TempDir
	Path dir;

	@Test
	void aRestartReadsBackEveryEntryAsWritten() {
		Path file = this.dir.resolve("audit.jsonl");
		JsonLinesAuditTrail trail = new JsonLinesAuditTrail(file);
		List<AuditEntry> written = List.of(entry("r-1", "REPLAY", "STARTED: replaying 1"), replayed("r-1"),
				entry("r-2", "RESOLVE", "OK"));
		written.forEach(trail::append);

		JsonLinesAuditTrail reopened = new JsonLinesAuditTrail(file);

		assertThat(reopened.entries()).isEqualTo(written);
		assertThatNoException().isThrownBy(reopened::verify);
	}

	@Test
	void aChangedEntryIsFoundAtStart() throws IOException {
		Path file = threeEntries();
		replaceInLine(file, 2, "\"actor\":\"alice\"", "\"actor\":\"mallory\"");

		assertThatExceptionOfType(TamperedAuditTrailException.class).isThrownBy(() -> new JsonLinesAuditTrail(file))
			.withMessageEndingWith("is not intact at line 2: its content does not match its hash (changed)");
	}

	@Test
	void aRemovedEntryIsFoundAtStart() throws IOException {
		Path file = threeEntries();
		List<String> lines = new ArrayList<>(Files.readAllLines(file));
		lines.remove(1);
		Files.write(file, lines);

		assertThatExceptionOfType(TamperedAuditTrailException.class).isThrownBy(() -> new JsonLinesAuditTrail(file))
			.withMessageEndingWith("is not intact at line 2: it does not follow the entry before it (removed or reordered)");
	}

	@Test
	void anEntrySlippedInWithoutAHashIsFound() throws IOException {
		Path file = threeEntries();
		Files.writeString(file, "{\"id\":\"x\",\"at\":\"2026-09-28T02:00:00Z\",\"actor\":\"mallory\",\"action\":\"RESOLVE\","
				+ "\"selection\":\"id e\",\"eventIds\":[\"e\"],\"result\":\"OK\",\"changes\":[]}\n",
				StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);

		assertThatExceptionOfType(TamperedAuditTrailException.class).isThrownBy(() -> new JsonLinesAuditTrail(file))
			.withMessageContaining("at line 4: an entry without a hash after chained ones (inserted)");
	}

	@Test
	void aChangeWhileTheHandlerRunsIsFoundOnTheNextRead() throws IOException {
		Path file = this.dir.resolve("audit.jsonl");
		JsonLinesAuditTrail trail = new JsonLinesAuditTrail(file);
		trail.append(entry("r-1", "RESOLVE", "OK"));
		trail.append(entry("r-2", "RESOLVE", "OK"));
		// the last line cut off: a chain alone cannot see this, the handler that wrote it can
		List<String> lines = Files.readAllLines(file);
		Files.write(file, lines.subList(0, 1));

		assertThatExceptionOfType(TamperedAuditTrailException.class).isThrownBy(trail::verify)
			.withMessageContaining("is not the one this handler wrote: 1 entries stored");
	}

	@Test
	void entriesOfAnEarlierVersionWithoutHashesAreKeptAndChainedFromThere() throws IOException {
		Path file = this.dir.resolve("audit.jsonl");
		Files.writeString(file, "{\"id\":\"old-1\",\"at\":\"2026-09-27T02:00:00Z\",\"actor\":\"admin\",\"action\":\"RESOLVE\","
				+ "\"selection\":\"id e\",\"eventIds\":[\"e\"],\"result\":\"OK\",\"changes\":[]}\n");
		new JsonLinesAuditTrail(file).append(entry("r-1", "RESOLVE", "OK"));
		assertThat(new JsonLinesAuditTrail(file).entries()).extracting(AuditEntry::id).containsExactly("old-1", "r-1");

		// and a change to the old line now breaks the chain after it
		replaceInLine(file, 1, "\"actor\":\"admin\"", "\"actor\":\"mallory\"");
		assertThatExceptionOfType(TamperedAuditTrailException.class).isThrownBy(() -> new JsonLinesAuditTrail(file))
			.withMessageEndingWith("is not intact at line 2: it does not follow the entry before it (removed or reordered)");
	}

	private Path threeEntries() {
		Path file = this.dir.resolve("audit.jsonl");
		JsonLinesAuditTrail trail = new JsonLinesAuditTrail(file);
		trail.append(entry("r-1", "REPLAY", "STARTED: replaying 1"));
		trail.append(replayed("r-1"));
		trail.append(entry("r-2", "RESOLVE", "OK"));
		return file;
	}

	private static void replaceInLine(Path file, int line, String from, String to) throws IOException {
		List<String> lines = new ArrayList<>(Files.readAllLines(file));
		assertThat(lines.get(line - 1)).contains(from);
		lines.set(line - 1, lines.get(line - 1).replace(from, to));
		Files.write(file, lines);
	}

	private static AuditEntry entry(String id, String action, String result) {
		return new AuditEntry(id, T0, "alice", action, "ids [evt-1]", List.of("evt-1"), result, List.of());
	}

	private static AuditEntry replayed(String id) {
		return new AuditEntry(id, T0, "alice", "REPLAY", "ids [evt-1]", List.of("evt-1"), "OK: replayed 1",
				List.of(new StatusChange("evt-1", "0:1", TerminalStatus.REPLAYED, null, "alice", T0)));
	}

}
