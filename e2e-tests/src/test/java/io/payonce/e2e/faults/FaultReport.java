package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code <dir>/<name>.md} and {@code .json}: the commit the run was built from, then per scenario the fault and
 * the proof that it happened, the payments, the duplicates absorbed per layer, the records retried and terminal,
 * the recovery, the supervisor's restarts, every invariant with the rows it checked. Rewritten after every
 * scenario, so a run that fails half-way still leaves its report.
 */
final class FaultReport {

	/** One scenario's line in the report. */
	record Scenario(String name, String fault, String proof, boolean faultProven, int payments, int callbacks,
			int duplicateCallbacks, long gatewayDuplicates, Map<String, Long> consumerDeliveries,
			long consumerDuplicates, long retried, long terminal, long deducted, double seconds,
			List<Invariants.Result> invariants, String recovery, boolean recovered, List<String> restarts,
			int unexpectedExits, String notes) {

		boolean invariantsHold() {
			return this.invariants.stream().allMatch(Invariants.Result::holds);
		}

		/** The fault happened, every invariant holds over rows, the services recovered, nothing died unannounced. */
		boolean passed() {
			return this.faultProven && invariantsHold() && this.recovered && this.unexpectedExits == 0;
		}

	}

	/** A measured table beside the scenarios (e.g. the gap of each step of a rolling restart). */
	record Table(String heading, String text, List<String> columns, List<List<Object>> rows) {

	}

	private final Path directory;

	private final String name;

	private final String title;

	private final Map<String, Object> run = new LinkedHashMap<>();

	private final List<Scenario> scenarios = new ArrayList<>();

	private final List<Table> tables = new ArrayList<>();

	private final long startedAt = System.nanoTime();

	FaultReport(Path directory, String name, String title) {
		this.directory = directory;
		this.name = name;
		this.title = title;
		this.run.put("startedAt", Instant.now().toString());
		this.run.putAll(commit());
		this.run.put("machine", Runtime.getRuntime().availableProcessors() + " cores, "
				+ System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", Java "
				+ System.getProperty("java.version"));
	}

	static Path defaultDirectory() {
		return Path.of(System.getProperty("payonce.fault-report.dir", "target/fault-report"));
	}

	/** A setting of the run worth knowing when reading it (rate, payments per scenario, seed). */
	synchronized void setting(String key, Object value) {
		this.run.put(key, value);
	}

	synchronized void add(Scenario scenario) {
		this.scenarios.add(scenario);
		write();
	}

	/** Adds a table (after the scenarios in the Markdown, under {@code tables} in the JSON) and rewrites the report. */
	synchronized void add(Table table) {
		this.tables.add(table);
		write();
	}

	synchronized List<Scenario> scenarios() {
		return List.copyOf(this.scenarios);
	}

	synchronized void write() {
		try {
			Files.createDirectories(this.directory);
			Files.writeString(this.directory.resolve(this.name + ".json"), json());
			Files.writeString(this.directory.resolve(this.name + ".md"), markdown());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** {@code git rev-parse HEAD} of the repository the run was built from, and whether its tree was clean. */
	private static Map<String, Object> commit() {
		Path repo = Path.of(System.getProperty("payonce.repo", "..")).toAbsolutePath().normalize();
		Map<String, Object> commit = new LinkedHashMap<>();
		commit.put("commit", git(repo, "rev-parse", "HEAD"));
		String status = git(repo, "status", "--porcelain", "--untracked-files=no");
		commit.put("treeClean", status.isEmpty());
		return commit;
	}

	private static String git(Path repo, String... args) {
		List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
		command.addAll(List.of(args));
		try {
			Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "unknown (" + out + ")";
		}
		catch (IOException ex) {
			return "unknown (" + ex.getMessage() + ")";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "unknown";
		}
	}

	private Map<String, Object> totals() {
		Map<String, Object> totals = new LinkedHashMap<>();
		int payments = this.scenarios.stream().mapToInt(Scenario::payments).sum();
		int duplicates = this.scenarios.stream().mapToInt(Scenario::duplicateCallbacks).sum();
		totals.put("scenarios", this.scenarios.size());
		totals.put("passed", this.scenarios.stream().filter(Scenario::passed).count());
		totals.put("faultsProven", this.scenarios.stream().filter(Scenario::faultProven).count());
		totals.put("payments", payments);
		totals.put("callbacks", this.scenarios.stream().mapToInt(Scenario::callbacks).sum());
		totals.put("duplicateCallbacks", duplicates);
		totals.put("duplicateShare", payments == 0 ? 0 : Math.round(1000.0 * duplicates / payments) / 10.0);
		totals.put("gatewayDuplicates", this.scenarios.stream().mapToLong(Scenario::gatewayDuplicates).sum());
		totals.put("consumerDuplicates", this.scenarios.stream().mapToLong(Scenario::consumerDuplicates).sum());
		totals.put("retried", this.scenarios.stream().mapToLong(Scenario::retried).sum());
		totals.put("terminal", this.scenarios.stream().mapToLong(Scenario::terminal).sum());
		totals.put("deducted", this.scenarios.stream().mapToLong(Scenario::deducted).sum());
		Map<String, Integer> rows = new LinkedHashMap<>();
		this.scenarios.forEach(s -> s.invariants().forEach(r -> rows.merge(r.name(), r.checked(), Integer::sum)));
		totals.put("invariantRowsChecked", rows);
		totals.put("allInvariantsHold", this.scenarios.stream().allMatch(Scenario::invariantsHold));
		totals.put("restartsBySupervisor", this.scenarios.stream().mapToInt(s -> s.restarts().size()).sum());
		totals.put("seconds", Math.round((System.nanoTime() - this.startedAt) / 1e8) / 10.0);
		return totals;
	}

	private String json() {
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("title", this.title);
		document.put("run", this.run);
		document.put("totals", totals());
		document.put("scenarios", this.scenarios);
		if (!this.tables.isEmpty()) {
			document.put("tables", this.tables);
		}
		return JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValueAsString(document);
	}

	private String markdown() {
		StringBuilder md = new StringBuilder("# " + this.title + "\n\n");
		this.run.forEach((key, value) -> md.append("- ").append(key).append(": ").append(value).append('\n'));
		md.append("\nTotals: ");
		totals().forEach((key, value) -> md.append(key).append(" ").append(value).append(" · "));
		md.setLength(md.length() - 3);
		md.append("\n\nA scenario passes when its fault is proven (the proof column), every invariant holds over a "
				+ "non-empty set of rows (rows checked in brackets), every service is healthy within "
				+ FaultBench.RECOVERY_TIMEOUT.toSeconds() + " s of the fault's end without anyone restarting a running "
				+ "process, and no process exited unannounced (the supervisor restarts only processes that exited). "
				+ "Gateway duplicates: callbacks answered DUPLICATE (`t_payment.duplicate_count`). Consumer deliveries: "
				+ "`payonce_consumer_deliveries_total` by outcome/layer, scraped from every instance (lower bounds: "
				+ "what a killed JVM counted after its last scrape is lost).\n\n");
		md.append("| scenario | passed | fault | proof of fault | payments | duplicate callbacks | absorbed: gateway | "
				+ "absorbed: consumer | retried | terminal | deducted | s | invariants (rows) |\n");
		md.append("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
		for (Scenario s : this.scenarios) {
			md.append("| ").append(s.name()).append(" | ").append(s.passed() ? "✔" : "✘").append(" | ")
				.append(s.fault()).append(" | ").append(s.proof()).append(" | ").append(s.payments()).append(" | ")
				.append(s.duplicateCallbacks()).append(" | ").append(s.gatewayDuplicates()).append(" | ")
				.append(s.consumerDuplicates()).append(" | ").append(s.retried()).append(" | ").append(s.terminal())
				.append(" | ").append(s.deducted()).append(" | ").append(s.seconds()).append(" | ");
			for (Invariants.Result result : s.invariants()) {
				md.append(result.name()).append(result.holds() ? " ✔" : " ✘").append(" (").append(result.checked())
					.append(") ");
			}
			md.append("|\n");
		}
		md.append("\n## Recovery, restarts, notes and violations\n\n");
		for (Scenario s : this.scenarios) {
			md.append("- **").append(s.name()).append("**: ").append(s.recovery());
			if (!s.restarts().isEmpty()) {
				md.append("; supervisor: ").append(String.join(", ", s.restarts()));
			}
			md.append("; consumer deliveries ").append(s.consumerDeliveries()).append("; ").append(s.notes());
			s.invariants().stream().filter(result -> !result.holds()).forEach(result -> md.append(" — ").append(result));
			md.append('\n');
		}
		for (Table table : this.tables) {
			md.append("\n## ").append(table.heading()).append("\n\n").append(table.text()).append("\n\n| ")
				.append(String.join(" | ", table.columns())).append(" |\n|");
			table.columns().forEach(column -> md.append("---|"));
			md.append('\n');
			for (List<Object> row : table.rows()) {
				md.append("| ");
				row.forEach(cell -> md.append(cell).append(" | "));
				md.setLength(md.length() - 1);
				md.append('\n');
			}
		}
		return md.toString();
	}

}
