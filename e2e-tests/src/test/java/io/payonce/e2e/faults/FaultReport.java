package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code target/fault-report/<name>.md} and {@code .json}: per scenario the fault, the payments, the duplicates
 * absorbed per layer, the records retried and terminal, the invariants and their result. Rewritten after every
 * scenario, so a run that fails half-way still leaves its report.
 */
final class FaultReport {

	/** One scenario's line in the report. */
	record Scenario(String name, String fault, int payments, int callbacks, int duplicateCallbacks,
			long gatewayDuplicates, Map<String, Long> consumerDeliveries, long consumerDuplicates, long retried,
			long terminal, long deducted, double seconds, List<Invariants.Result> invariants, String notes) {

		boolean invariantsHold() {
			return this.invariants.stream().allMatch(Invariants.Result::holds);
		}

	}

	private final Path directory;

	private final String name;

	private final String title;

	private final List<Scenario> scenarios = new ArrayList<>();

	private final long startedAt = System.nanoTime();

	FaultReport(Path directory, String name, String title) {
		this.directory = directory;
		this.name = name;
		this.title = title;
	}

	static Path defaultDirectory() {
		return Path.of(System.getProperty("payonce.fault-report.dir", "target/fault-report"));
	}

	synchronized void add(Scenario scenario) {
		this.scenarios.add(scenario);
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

	private Map<String, Object> totals() {
		Map<String, Object> totals = new LinkedHashMap<>();
		int payments = this.scenarios.stream().mapToInt(Scenario::payments).sum();
		int duplicates = this.scenarios.stream().mapToInt(Scenario::duplicateCallbacks).sum();
		totals.put("scenarios", this.scenarios.size());
		totals.put("payments", payments);
		totals.put("callbacks", this.scenarios.stream().mapToInt(Scenario::callbacks).sum());
		totals.put("duplicateCallbacks", duplicates);
		totals.put("duplicateShare", payments == 0 ? 0 : Math.round(1000.0 * duplicates / payments) / 10.0);
		totals.put("gatewayDuplicates", this.scenarios.stream().mapToLong(Scenario::gatewayDuplicates).sum());
		totals.put("consumerDuplicates", this.scenarios.stream().mapToLong(Scenario::consumerDuplicates).sum());
		totals.put("retried", this.scenarios.stream().mapToLong(Scenario::retried).sum());
		totals.put("terminal", this.scenarios.stream().mapToLong(Scenario::terminal).sum());
		totals.put("deducted", this.scenarios.stream().mapToLong(Scenario::deducted).sum());
		totals.put("allInvariantsHold", this.scenarios.stream().allMatch(Scenario::invariantsHold));
		totals.put("seconds", Math.round((System.nanoTime() - this.startedAt) / 1e8) / 10.0);
		return totals;
	}

	private String json() {
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("title", this.title);
		document.put("totals", totals());
		document.put("scenarios", this.scenarios);
		return JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValueAsString(document);
	}

	private String markdown() {
		StringBuilder md = new StringBuilder("# " + this.title + "\n\n");
		Map<String, Object> totals = totals();
		md.append("Totals: ");
		totals.forEach((key, value) -> md.append(key).append(" ").append(value).append(" · "));
		md.setLength(md.length() - 3);
		md.append("\n\nGateway duplicates: callbacks answered DUPLICATE (`t_payment.duplicate_count`). Consumer "
				+ "deliveries: `payonce_consumer_deliveries_total` by outcome/layer, scraped from every instance "
				+ "(lower bounds: what a killed JVM counted after its last scrape is lost).\n\n");
		md.append("| scenario | fault | payments | callbacks | duplicate callbacks | absorbed: gateway | "
				+ "absorbed: consumer (outcome/layer) | retried | terminal | deducted | s | invariants |\n");
		md.append("|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|\n");
		for (Scenario s : this.scenarios) {
			md.append("| ").append(s.name()).append(" | ").append(s.fault()).append(" | ").append(s.payments())
				.append(" | ").append(s.callbacks()).append(" | ").append(s.duplicateCallbacks()).append(" | ")
				.append(s.gatewayDuplicates()).append(" | ").append(s.consumerDeliveries()).append(" | ")
				.append(s.retried()).append(" | ").append(s.terminal()).append(" | ").append(s.deducted())
				.append(" | ").append(s.seconds()).append(" | ");
			for (Invariants.Result result : s.invariants()) {
				md.append(result.name()).append(result.holds() ? " ✔ " : " ✘ ");
			}
			md.append("|\n");
		}
		md.append("\n## Notes and violations\n\n");
		for (Scenario s : this.scenarios) {
			md.append("- **").append(s.name()).append("**: ").append(s.notes());
			s.invariants().stream().filter(result -> !result.holds())
				.forEach(result -> md.append(" — ").append(result));
			md.append('\n');
		}
		return md.toString();
	}

}
