package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.platform.StatementUnavailableException;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.reconciliation.freeze.FreezeService;
import io.payonce.reconciliation.freeze.InMemoryFreezeLedger;
import io.payonce.reconciliation.platform.FakeGateway;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.statement.StatementFetch.Outcome;
import io.payonce.reconciliation.statement.StatementImports.Status;
import org.junit.jupiter.api.Test;

import static io.payonce.reconciliation.statement.StatementFixture.recorded;
import static io.payonce.reconciliation.statement.StatementFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

/** The scheduled fetch: which days a round fetches, once per day, not-ready and failures, two replicas at once. */
class StatementFetchTest {

	/** 00:30 UTC on 2026-11-30: yesterday is the fixture's day, 2026-11-29. */
	private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T00:30:00Z"), ZoneOffset.UTC);

	private final StatementRow paid = row("PN-A", "O-A", "199.00", 1);

	private final FakeGateway gateway = new FakeGateway();

	private final InMemoryStatementImports imports = new InMemoryStatementImports();

	private final Platform platform = new Platform();

	private final List<StatementReport> raised = Collections.synchronizedList(new ArrayList<>());

	@Test
	void yesterdaysStatementIsFetchedAndImportedOnceThenNotFetchedAgain() {
		// given: the platform has closed yesterday; its one payment is recorded and deducted
		this.platform.files.put(StatementFixture.DAY, StatementFixture.file(this.paid));
		this.gateway.day.add(recorded(this.paid));
		StatementFetch fetch = fetch(this.gateway, 1, "scheduler@a");

		// when: two rounds
		StatementFetch.Round first = fetch.run();
		StatementFetch.Round second = fetch.run();

		// then: imported by the first, as a scheduled import; the second did not even ask the platform
		assertThat(first.days()).singleElement().satisfies((day) -> {
			assertThat(day.day()).isEqualTo(StatementFixture.DAY);
			assertThat(day.outcome()).isEqualTo(Outcome.IMPORTED);
		});
		assertThat(first.wantsRetry()).isFalse();
		assertThat(this.imports.all()).singleElement().satisfies((row) -> {
			assertThat(row.status()).isEqualTo(Status.DONE);
			assertThat(row.channel()).isEqualTo("SCHEDULE");
			assertThat(row.operator()).isEqualTo("scheduler@a");
		});
		assertThat(second.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.ALREADY_IMPORTED);
		assertThat(this.platform.asked).containsExactly(StatementFixture.DAY);
		assertThat(this.raised).hasSize(1);
	}

	@Test
	void sameFileFetchedAgainWhileTheDayIsNotDoneIsAlreadyImported() {
		// given: the file was imported, then a replica whose round started before that finished fetches it again
		this.platform.files.put(StatementFixture.DAY, StatementFixture.file(this.paid));
		this.gateway.day.add(recorded(this.paid));
		StatementImport importer = importer(this.gateway);
		importer.importStatement(this.platform.statement(StatementFixture.DAY), "scheduler@a", StatementFetch.CHANNEL);

		// when: the same bytes are imported once more (what the round does after its fetch)
		ImportOutcome again = importer.importStatement(this.platform.statement(StatementFixture.DAY), "scheduler@b",
				StatementFetch.CHANNEL);

		// then
		assertThat(again.result()).isEqualTo(ImportOutcome.Result.ALREADY_IMPORTED);
		assertThat(this.raised).hasSize(1);
	}

	@Test
	void dayNotClosedAtThePlatformIsNotImportedAndAsksForAnotherRound() {
		// given: the platform answers "not ready" for yesterday
		this.platform.notReady.add(StatementFixture.DAY);

		// when
		StatementFetch.Round round = fetch(this.gateway, 1, "scheduler@a").run();

		// then: nothing claimed, nothing raised, a retry is wanted
		assertThat(round.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.NOT_READY);
		assertThat(round.wantsRetry()).isTrue();
		assertThat(this.imports.all()).isEmpty();
		assertThat(this.raised).isEmpty();
	}

	@Test
	void platformDownIsUnavailableAndAsksForAnotherRound() {
		this.platform.down = true;

		StatementFetch.Round round = fetch(this.gateway, 1, "scheduler@a").run();

		assertThat(round.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.UNAVAILABLE);
		assertThat(round.wantsRetry()).isTrue();
		assertThat(this.imports.all()).isEmpty();
	}

	@Test
	void missedDaysAreCaughtUpOldestFirstAndAnOperatorsImportCounts() {
		// given: three days in the window; the middle one an operator imported by upload; today is never asked for
		LocalDate first = StatementFixture.DAY.minusDays(2);
		LocalDate middle = StatementFixture.DAY.minusDays(1);
		this.platform.files.put(first, StatementCsv.write(first, List.of()));
		this.platform.files.put(middle, StatementCsv.write(middle, List.of()));
		this.platform.files.put(StatementFixture.DAY, StatementFixture.file(this.paid));
		this.gateway.day.add(recorded(this.paid));
		importer(this.gateway).importStatement(StatementCsv.parse(middle, this.platform.files.get(middle)), "alice",
				"API");
		this.platform.asked.clear();

		// when
		StatementFetch.Round round = fetch(this.gateway, 3, "scheduler@a").run();

		// then
		assertThat(round.days()).extracting(StatementFetch.DayResult::day, StatementFetch.DayResult::outcome)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(first, Outcome.IMPORTED),
					org.assertj.core.groups.Tuple.tuple(middle, Outcome.ALREADY_IMPORTED),
					org.assertj.core.groups.Tuple.tuple(StatementFixture.DAY, Outcome.IMPORTED));
		assertThat(this.platform.asked).containsExactly(first, StatementFixture.DAY);
	}

	@Test
	void incompleteImportIsFetchedAgainAndFinished() {
		// given: the lost callback's query got no answer at the first round
		StatementRow lost = row("PN-B", "O-B", "12.50", 2);
		this.platform.files.put(StatementFixture.DAY, StatementFixture.file(lost));
		this.platform.answers.put("O-B", new QueryAnswer.Unknown("O-B", "HTTP 503"));
		StatementFetch fetch = fetch(this.gateway, 1, "scheduler@a");
		StatementFetch.Round first = fetch.run();

		// when: the platform answers again
		this.platform.answers.put("O-B", new QueryAnswer.Paid("O-B", List.of(new io.payonce.platform.PlatformPayment(
				"PN-B", "O-B", 10086, new BigDecimal("12.50"), "CNY", "SUCCESS", lost.paidAt()))));
		StatementFetch.Round second = fetch.run();

		// then
		assertThat(first.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.INCOMPLETE);
		assertThat(first.wantsRetry()).isTrue();
		assertThat(second.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.IMPORTED);
		assertThat(this.gateway.submissions).containsExactly("PN-B");
		assertThat(this.imports.all()).singleElement().extracting(StatementImports.ImportRecord::status)
			.isEqualTo(Status.DONE);
	}

	@Test
	void fileWithoutAStatementsHeaderIsNotImported() {
		this.platform.files.put(StatementFixture.DAY, "<html>maintenance</html>\n".getBytes());

		StatementFetch.Round round = fetch(this.gateway, 1, "scheduler@a").run();

		assertThat(round.days()).extracting(StatementFetch.DayResult::outcome)
			.containsExactly(Outcome.NOT_A_STATEMENT);
		assertThat(this.imports.all()).isEmpty();
		assertThat(this.raised).isEmpty();
	}

	@Test
	void twoReplicasFetchingTheSameDayAtOnceImportItOnce() throws Exception {
		// given: two replicas' rounds; the first to claim the file blocks in the import until the other has tried
		this.platform.files.put(StatementFixture.DAY, StatementFixture.file(this.paid));
		this.gateway.day.add(recorded(this.paid));
		CountDownLatch bothTried = new CountDownLatch(1);
		List<String> readers = Collections.synchronizedList(new ArrayList<>());
		BlockingGateway blocking = new BlockingGateway(this.gateway, bothTried, readers);
		StatementFetch replicaA = fetch(blocking, 1, "scheduler@a");
		StatementFetch replicaB = fetch(blocking, 1, "scheduler@b");

		// when: both rounds run together; the import that claimed holds its claim until the other round has ended
		ExecutorService replicas = Executors.newFixedThreadPool(2);
		CompletableFuture<StatementFetch.Round> a = CompletableFuture.supplyAsync(replicaA::run, replicas);
		CompletableFuture<StatementFetch.Round> b = CompletableFuture.supplyAsync(replicaB::run, replicas);
		StatementFetch.Round loser = CompletableFuture.anyOf(a, b).thenApply(StatementFetch.Round.class::cast)
			.get(10, TimeUnit.SECONDS);
		bothTried.countDown();
		List<Outcome> outcomes = List.of(a.get(10, TimeUnit.SECONDS).days().get(0).outcome(),
				b.get(10, TimeUnit.SECONDS).days().get(0).outcome());
		replicas.shutdown();

		// then: the round that ended first while the other held the claim was turned away; one import, one report
		assertThat(loser.days()).extracting(StatementFetch.DayResult::outcome).containsExactly(Outcome.IN_PROGRESS);
		assertThat(outcomes).containsExactlyInAnyOrder(Outcome.IMPORTED, Outcome.IN_PROGRESS);
		assertThat(readers).hasSize(1);
		assertThat(this.raised).hasSize(1);
		assertThat(this.imports.all()).singleElement().extracting(StatementImports.ImportRecord::status)
			.isEqualTo(Status.DONE);
	}

	private StatementFetch fetch(io.payonce.reconciliation.platform.GatewayPayments gateway, int catchUpDays,
			String operator) {
		return new StatementFetch(this.platform, importer(gateway), this.imports, CLOCK, catchUpDays, operator);
	}

	private StatementImport importer(io.payonce.reconciliation.platform.GatewayPayments gateway) {
		return new StatementImport(this.imports, gateway, this.platform, StatementFetchTest::deductedAsRecorded,
				(report) -> "statement-" + report.day() + "-" + report.sha256().substring(0, 16), this.raised::add,
				new FreezeService(new InMemoryFreezeLedger(), CLOCK), CLOCK, Duration.ofMinutes(30));
	}

	/** The ledger deducted every order 199.00, the fixture's recorded payment. */
	private static Map<String, LedgerDeduction> deductedAsRecorded(Collection<String> orderNos) {
		Map<String, LedgerDeduction> ledger = new HashMap<>();
		orderNos.forEach((o) -> ledger.put(o, new LedgerDeduction(o, null, new BigDecimal("199.00"), false)));
		return ledger;
	}

	/** The platform: a file per closed day, "not ready" for others, or down. */
	private static final class Platform implements PaymentPlatform {

		final Map<LocalDate, byte[]> files = new HashMap<>();

		final List<LocalDate> notReady = new ArrayList<>();

		final Map<String, QueryAnswer> answers = new HashMap<>();

		final List<LocalDate> asked = Collections.synchronizedList(new ArrayList<>());

		volatile boolean down;

		@Override
		public QueryAnswer query(String orderNo) {
			return this.answers.getOrDefault(orderNo, new QueryAnswer.NotPaid(orderNo));
		}

		@Override
		public Statement statement(LocalDate day) {
			this.asked.add(day);
			if (this.down) {
				throw new StatementUnavailableException(day, false, "connection refused", null);
			}
			byte[] file = this.files.get(day);
			if (file == null || this.notReady.contains(day)) {
				throw new StatementUnavailableException(day, true, "STATEMENT_NOT_READY", null);
			}
			return StatementCsv.parse(day, file);
		}

	}

	/**
	 * The gateway, whose day read (the import's first step after its claim) waits until the test lets it go, so the
	 * claim is held while the other replica's round runs.
	 */
	private record BlockingGateway(FakeGateway gateway, CountDownLatch release, List<String> readers)
			implements io.payonce.reconciliation.platform.GatewayPayments {

		@Override
		public boolean holdsPaymentOf(String orderNo) {
			return this.gateway.holdsPaymentOf(orderNo);
		}

		@Override
		public io.payonce.reconciliation.platform.RepairAnswer submit(io.payonce.platform.PlatformPayment payment,
				io.payonce.reconciliation.platform.RepairSource source, String reference) {
			return this.gateway.submit(payment, source, reference);
		}

		@Override
		public List<RecordedPayment> paidOn(LocalDate day) {
			this.readers.add(Thread.currentThread().getName());
			try {
				if (!this.release.await(10, TimeUnit.SECONDS)) {
					throw new IllegalStateException("the other replica's round never ended");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			return this.gateway.paidOn(day);
		}

	}

}
