package io.payonce.reconciliation.statement.spring;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementUnavailableException;
import io.payonce.reconciliation.freeze.FreezeService;
import io.payonce.reconciliation.freeze.InMemoryFreezeLedger;
import io.payonce.reconciliation.platform.FakeGateway;
import io.payonce.reconciliation.statement.StatementFetch;
import io.payonce.reconciliation.statement.StatementImport;
import io.payonce.reconciliation.statement.StatementImports;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The schedule around a round: retries while a day is left to do, bounded, superseded by the next scheduled round. */
class StatementFetchJobTest {

	private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T00:30:00Z"), ZoneOffset.UTC);

	private final List<Instant> scheduledAt = new ArrayList<>();

	private final List<Runnable> pending = new ArrayList<>();

	private final NotReadyPlatform platform = new NotReadyPlatform();

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final StatementFetchJob job = new StatementFetchJob(fetch(), (when, task) -> {
		this.scheduledAt.add(when);
		this.pending.add(task);
	}, CLOCK, Duration.ofMinutes(15), 3, this.meters);

	@Test
	void dayNotReadyIsAskedForAgainEveryRetryIntervalAtMostMaxRetriesTimes() {
		// when: the scheduled round, then every retry it asks for, in turn
		this.job.scheduled();
		runPending(10);

		// then: the round and its three retries, each 15 minutes after the one before
		assertThat(this.platform.asked).isEqualTo(4);
		assertThat(this.scheduledAt).hasSize(3).allMatch((at) -> at.equals(CLOCK.instant().plus(Duration.ofMinutes(15))));
		assertThat(this.meters.get(StatementFetchJob.FETCHES).tag("outcome", "not_ready").counter().count())
			.isEqualTo(4.0);
	}

	@Test
	void theNextScheduledRoundSupersedesTheRetriesOfTheOneBefore() {
		// given: a round that asked for a retry
		this.job.scheduled();
		Runnable retryOfYesterday = this.pending.remove(0);

		// when: the next scheduled round came first, then yesterday's retry is due
		this.job.scheduled();
		retryOfYesterday.run();

		// then: the old retry did nothing
		assertThat(this.platform.asked).isEqualTo(2);
	}

	@Test
	void dayImportedEndsTheRetries() {
		// given: the platform closes the day before the first retry
		this.job.scheduled();
		this.platform.ready = true;

		// when
		runPending(10);

		// then: no further retry asked for after the import
		assertThat(this.platform.asked).isEqualTo(2);
		assertThat(this.pending).isEmpty();
		assertThat(this.meters.get(StatementFetchJob.FETCHES).tag("outcome", "imported").counter().count())
			.isEqualTo(1.0);
	}

	@Test
	void ageOfTheLastImportedDayIsCountedFromTheEndOfThatDayAndNaNWhenNone() {
		Clock noon = Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);
		StatementImports none = new DaysImports(Optional.empty());
		StatementImports yesterday = new DaysImports(Optional.of(LocalDate.parse("2026-11-29")));

		assertThat(StatementConfiguration.lastImportedDayAge(none, noon)).isNaN();
		assertThat(StatementConfiguration.lastImportedDayAge(yesterday, noon)).isEqualTo(12 * 3600.0);
	}

	private void runPending(int atMost) {
		for (int i = 0; i < atMost && !this.pending.isEmpty(); i++) {
			this.pending.remove(0).run();
		}
		assertThat(this.pending).as("retries left after %d runs", atMost).isEmpty();
	}

	private StatementFetch fetch() {
		DaysImports imports = new DaysImports(Optional.empty());
		StatementImport importer = new StatementImport(imports, new FakeGateway(), this.platform, (orderNos) -> Map.of(),
				(report) -> "report", (report) -> {
				}, new FreezeService(new InMemoryFreezeLedger(), CLOCK), CLOCK, Duration.ofMinutes(30));
		return new StatementFetch(this.platform, importer, imports, CLOCK, 1, "scheduler@test");
	}

	/** "Not ready" until told otherwise, then an empty statement. */
	private static final class NotReadyPlatform implements PaymentPlatform {

		int asked;

		boolean ready;

		@Override
		public QueryAnswer query(String orderNo) {
			return new QueryAnswer.NotPaid(orderNo);
		}

		@Override
		public Statement statement(LocalDate day) {
			this.asked++;
			if (!this.ready) {
				throw new StatementUnavailableException(day, true, "STATEMENT_NOT_READY", null);
			}
			return io.payonce.platform.statement.StatementCsv.parse(day,
					io.payonce.platform.statement.StatementCsv.write(day, List.of()));
		}

	}

	/** Imports that claim every file and know one last imported day. */
	private record DaysImports(Optional<LocalDate> last) implements StatementImports {

		@Override
		public Optional<ImportRecord> claim(String sha256, LocalDate day, String operator, String channel, Instant now,
				Instant staleBefore) {
			return Optional.empty();
		}

		@Override
		public void finish(String sha256, Status status, int rows, int errors, int findings, String report,
				Instant now) {
		}

		@Override
		public Set<LocalDate> importedDays(LocalDate from, LocalDate to) {
			return Set.of();
		}

		@Override
		public Optional<LocalDate> lastImportedDay() {
			return this.last;
		}

		@Override
		public List<ImportSummary> list(LocalDate from, LocalDate to, int limit) {
			return List.of();
		}

	}

}
