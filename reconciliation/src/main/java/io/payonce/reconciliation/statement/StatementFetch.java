package io.payonce.reconciliation.statement;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches the platform's statements of the last {@code catchUpDays} UTC days (yesterday included, today never: it is
 * not over) that have no finished import yet, oldest first, and imports each through the same {@link StatementImport}
 * an operator's upload goes through. Invariants:
 * <ul>
 * <li>A day with a {@code DONE} import (fetched, uploaded or from the CLI) is not fetched again; a day whose import
 * is {@code INCOMPLETE} is, and the same file finishes it.</li>
 * <li>Several replicas may run a round at the same moment: the import's claim on the file's SHA-256 lets one of them
 * import it; the others answer {@code IN_PROGRESS} or {@code ALREADY_IMPORTED} and change nothing.</li>
 * <li>The platform saying "not ready" or failing is no import and no finding: the round says a later round is
 * wanted ({@link Round#wantsRetry()}), the caller bounds how often.</li>
 * <li>A fetched file whose header (line 1) is wrong is not a statement: not imported (it would report every payment
 * of the day as unknown), the same rule as an upload.</li>
 * </ul>
 */
public final class StatementFetch {

	/** The channel of a scheduled import in {@code t_statement_import}, beside an operator's API and CLI. */
	public static final String CHANNEL = "SCHEDULE";

	private static final Logger log = LoggerFactory.getLogger(StatementFetch.class);

	private final PaymentPlatform platform;

	private final StatementImport importer;

	private final StatementImports imports;

	private final Clock clock;

	private final int catchUpDays;

	private final String operator;

	/**
	 * @param catchUpDays how many days, counted back from yesterday, a round looks at (1: yesterday only)
	 * @param operator who the imports are recorded as, e.g. {@code scheduler@<instance>}
	 */
	public StatementFetch(PaymentPlatform platform, StatementImport importer, StatementImports imports, Clock clock,
			int catchUpDays, String operator) {
		if (catchUpDays < 1) {
			throw new IllegalArgumentException("catchUpDays must be at least 1, was " + catchUpDays);
		}
		this.platform = Objects.requireNonNull(platform);
		this.importer = Objects.requireNonNull(importer);
		this.imports = Objects.requireNonNull(imports);
		this.clock = Objects.requireNonNull(clock);
		this.catchUpDays = catchUpDays;
		this.operator = Objects.requireNonNull(operator);
	}

	/** The header error that makes a file no statement at all, if any (an empty file has one too). */
	public static Optional<Statement.LineError> notAStatement(Statement statement) {
		return statement.errors().stream().filter((e) -> e.number() == 1).findFirst();
	}

	/** One round over the catch-up window. */
	public Round run() {
		LocalDate yesterday = LocalDate.ofInstant(this.clock.instant(), ZoneOffset.UTC).minusDays(1);
		LocalDate first = yesterday.minusDays(this.catchUpDays - 1L);
		Set<LocalDate> done = this.imports.importedDays(first, yesterday);
		List<DayResult> days = new ArrayList<>();
		for (LocalDate day = first; !day.isAfter(yesterday); day = day.plusDays(1)) {
			days.add(done.contains(day) ? new DayResult(day, Outcome.ALREADY_IMPORTED, "imported before")
					: fetch(day));
		}
		return new Round(days);
	}

	private DayResult fetch(LocalDate day) {
		Statement statement;
		try {
			statement = this.platform.statement(day);
		}
		catch (StatementUnavailableException ex) {
			if (ex.notReady()) {
				log.info("Statement of {} is not ready at the platform yet: {}", day, ex.getMessage());
				return new DayResult(day, Outcome.NOT_READY, ex.getMessage());
			}
			log.warn("Statement of {} could not be fetched: {}", day, ex.getMessage());
			return new DayResult(day, Outcome.UNAVAILABLE, ex.getMessage());
		}
		Optional<Statement.LineError> header = notAStatement(statement);
		if (header.isPresent()) {
			log.error("Statement of {} fetched from the platform is not a statement ({}): not imported", day,
					header.get());
			return new DayResult(day, Outcome.NOT_A_STATEMENT, header.get().toString());
		}
		ImportOutcome outcome;
		try {
			outcome = this.importer.importStatement(statement, this.operator, CHANNEL);
		}
		catch (RuntimeException ex) {
			// the import left its claim INCOMPLETE (or nothing): the next round imports the same file again
			log.warn("Statement of {} ({}) fetched, its import failed: {}", day, statement.sha256(), ex.toString());
			return new DayResult(day, Outcome.FAILED, ex.toString());
		}
		Outcome result = Outcome.valueOf(outcome.result().name());
		return new DayResult(day, result, statement.sha256());
	}

	public enum Outcome {

		/** Fetched and imported by this round. */
		IMPORTED(false),

		/** Fetched and imported, some repair got no verdict: a later round imports the same file again. */
		INCOMPLETE(true),

		/** A finished import of the day exists (by an earlier round, another replica or an operator). */
		ALREADY_IMPORTED(false),

		/** Another replica imports the same file right now; a later round sees whether it finished. */
		IN_PROGRESS(true),

		/** The platform has not closed the day yet. */
		NOT_READY(true),

		/** The platform failed to deliver it. */
		UNAVAILABLE(true),

		/** The platform delivered something whose header is not a statement's. */
		NOT_A_STATEMENT(true),

		/** Fetched, the import failed (the trade database, the gateway). */
		FAILED(true);

		private final boolean retry;

		Outcome(boolean retry) {
			this.retry = retry;
		}

		public boolean wantsRetry() {
			return this.retry;
		}

	}

	/** What a round did with one day; {@code detail} the file's SHA-256 when fetched, else the reason. */
	public record DayResult(LocalDate day, Outcome outcome, String detail) {

	}

	/** What a round did, oldest day first. */
	public record Round(List<DayResult> days) {

		public Round {
			days = List.copyOf(days);
		}

		/** Whether some day of the window is still to be imported and another round may get it. */
		public boolean wantsRetry() {
			return this.days.stream().anyMatch((d) -> d.outcome().wantsRetry());
		}

		public long count(Outcome outcome) {
			return this.days.stream().filter((d) -> d.outcome() == outcome).count();
		}

	}

}
