package io.payonce.reconciliation.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code t_statement_import} in memory, with the same rules as {@code JdbcStatementImports}: the claim is atomic
 * (here one lock, there the primary key and a CAS on status), so two replicas claiming one file at once get one claim.
 */
final class InMemoryStatementImports implements StatementImports {

	private final Map<String, ImportSummary> rows = new LinkedHashMap<>();

	@Override
	public synchronized Optional<ImportRecord> claim(String sha256, LocalDate day, String operator, String channel,
			Instant now, Instant staleBefore) {
		ImportSummary held = this.rows.get(sha256);
		if (held != null && (held.record().status() == Status.DONE || (held.record().status() == Status.IMPORTING
				&& !held.record().startedAt().isBefore(staleBefore)))) {
			return Optional.of(held.record());
		}
		this.rows.put(sha256, new ImportSummary(
				new ImportRecord(sha256, day, Status.IMPORTING, operator, channel, now, null, null), null, null, null));
		return Optional.empty();
	}

	@Override
	public synchronized void finish(String sha256, Status status, int rows, int errors, int findings, String report,
			Instant now) {
		ImportRecord held = this.rows.get(sha256).record();
		if (held.status() != Status.IMPORTING) {
			throw new IllegalStateException("import of " + sha256 + " was taken over meanwhile (stale claim)");
		}
		this.rows.put(sha256, new ImportSummary(new ImportRecord(sha256, held.day(), status, held.operator(),
				held.channel(), held.startedAt(), now, report), rows, errors, findings));
	}

	@Override
	public synchronized Set<LocalDate> importedDays(LocalDate from, LocalDate to) {
		Set<LocalDate> days = new HashSet<>();
		for (ImportSummary row : this.rows.values()) {
			LocalDate day = row.record().day();
			if (row.record().status() == Status.DONE && !day.isBefore(from) && !day.isAfter(to)) {
				days.add(day);
			}
		}
		return days;
	}

	@Override
	public synchronized Optional<LocalDate> lastImportedDay() {
		return this.rows.values()
			.stream()
			.filter((row) -> row.record().status() == Status.DONE)
			.map((row) -> row.record().day())
			.max(Comparator.naturalOrder());
	}

	@Override
	public synchronized List<ImportSummary> list(LocalDate from, LocalDate to, int limit) {
		return this.rows.values()
			.stream()
			.filter((row) -> !row.record().day().isBefore(from) && !row.record().day().isAfter(to))
			.sorted(Comparator.comparing((ImportSummary row) -> row.record().day())
				.thenComparing((row) -> row.record().startedAt())
				.reversed())
			.limit(limit)
			.toList();
	}

	synchronized List<ImportRecord> all() {
		return this.rows.values().stream().map(ImportSummary::record).toList();
	}

}
