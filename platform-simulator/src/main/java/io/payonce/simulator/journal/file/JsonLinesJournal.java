package io.payonce.simulator.journal.file;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.simulator.journal.Journal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The journal as an append-only JSON-lines file, one entry a line: {@code {"type":"charged","entry":{…}}}.
 * Each append is handed to the operating system before it returns, so a killed simulator loses nothing it
 * answered (a crash of the machine may lose the last lines; this is a simulator, not a ledger).
 * <p>
 * A last line without its newline is an append cut short by a kill: it is dropped (and cut from the file) with
 * a warning. Any other unreadable line stops the start, naming the line: guessing would make the platform
 * forget or invent payments.
 */
public final class JsonLinesJournal implements Journal, AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(JsonLinesJournal.class);

	/** Lines are read as trees first: floats as BigDecimal there, so that 199.00 stays 199.00, not 199.0. */
	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.build();

	private static final Map<String, Class<? extends Entry>> TYPES = Map.of("opened", Opened.class, "charged",
			Charged.class, "attempted", Attempted.class);

	private final Path file;

	private final List<Entry> loaded;

	private final OutputStream out;

	public JsonLinesJournal(Path file) {
		this.file = file.toAbsolutePath();
		try {
			Files.createDirectories(this.file.getParent());
			this.loaded = load(this.file);
			this.out = Files.newOutputStream(this.file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot open the journal " + this.file, ex);
		}
	}

	@Override
	public List<Entry> entries() {
		return this.loaded;
	}

	@Override
	public synchronized void append(Entry entry) {
		ObjectNode line = MAPPER.createObjectNode();
		line.put("type", typeOf(entry));
		line.set("entry", MAPPER.valueToTree(entry));
		try {
			this.out.write((MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
			this.out.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the journal " + this.file, ex);
		}
	}

	@Override
	public synchronized void close() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot close the journal " + this.file, ex);
		}
	}

	private static List<Entry> load(Path file) throws IOException {
		List<Entry> entries = new ArrayList<>();
		if (!Files.exists(file)) {
			return entries;
		}
		String text = Files.readString(file, StandardCharsets.UTF_8);
		// every complete line ends with \n; what follows the last \n is an append cut short, or nothing
		String[] lines = text.split("\n", -1);
		for (int i = 0; i < lines.length - 1; i++) {
			try {
				entries.add(read(lines[i]));
			}
			catch (JacksonException | IllegalArgumentException ex) {
				throw new IllegalStateException("Journal " + file + " line " + (i + 1) + " is unreadable: "
						+ ex.getMessage() + " (move the file away to start afresh)", ex);
			}
		}
		String unfinished = lines[lines.length - 1];
		if (!unfinished.isEmpty()) {
			log.warn("Journal {}: dropping the unfinished last line {} (an append cut short)", file, lines.length);
			try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
				channel.truncate(text.getBytes(StandardCharsets.UTF_8).length
						- unfinished.getBytes(StandardCharsets.UTF_8).length);
			}
		}
		return entries;
	}

	private static Entry read(String line) {
		JsonNode node = MAPPER.readTree(line);
		Class<? extends Entry> type = TYPES.get(node.path("type").asString());
		if (type == null || !node.has("entry")) {
			throw new IllegalArgumentException("no known type and entry");
		}
		return MAPPER.treeToValue(node.get("entry"), type);
	}

	private static String typeOf(Entry entry) {
		for (Map.Entry<String, Class<? extends Entry>> type : TYPES.entrySet()) {
			if (type.getValue().isInstance(entry)) {
				return type.getKey();
			}
		}
		throw new IllegalArgumentException("unknown entry " + entry);
	}

}
