package io.payonce.reconciliation.it;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.infra.LocalDatabase;
import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.reconciliation.freeze.FreezeService;
import io.payonce.reconciliation.freeze.InMemoryFreezeLedger;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.platform.RepairAnswer;
import io.payonce.reconciliation.platform.RepairSource;
import io.payonce.reconciliation.platform.UnpaidOrders.Cursor;
import io.payonce.reconciliation.platform.UnpaidOrders.UnpaidOrder;
import io.payonce.reconciliation.platform.jdbc.JdbcUnpaidOrders;
import io.payonce.reconciliation.statement.LedgerDeduction;
import io.payonce.reconciliation.statement.StatementFetch;
import io.payonce.reconciliation.statement.StatementImport;
import io.payonce.reconciliation.statement.StatementReport;
import io.payonce.reconciliation.statement.StatementImports.ImportRecord;
import io.payonce.reconciliation.statement.StatementImports.Status;
import io.payonce.reconciliation.statement.jdbc.JdbcLedgerDeductions;
import io.payonce.reconciliation.statement.jdbc.JdbcStatementImports;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The platform side's adapters on the real trade schema, as the reconciliation's own user: a statement file is
 * claimed once (migration V4 and its grants), the unpaid orders are walked by creation time, and the ledger's
 * deductions are read; the user can neither delete an import's row nor rewrite its identity.
 */
class PlatformSideReadsAndClaimsInTheTradeSchemaIT extends ReconciliationITSupport {

	@Autowired
	JdbcTemplate jdbc;

	@Test
	void statementFileIsClaimedOnceAndAnUnfinishedImportCanBeTakenOver() {
		JdbcStatementImports imports = new JdbcStatementImports(this.jdbc);
		String sha = sha();
		LocalDate day = LocalDate.parse("2026-11-29");
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

		// when the file is claimed, and claimed again while the first import runs
		assertThat(imports.claim(sha, day, "alice", "API", now, now.minusSeconds(1800))).isEmpty();
		assertThat(imports.claim(sha, day, "bob", "CLI", now, now.minusSeconds(1800)))
			.hasValueSatisfying((held) -> assertThat(held.status()).isEqualTo(Status.IMPORTING));

		// and the first import ends without a verdict for every repair: the next claim takes it over
		imports.finish(sha, Status.INCOMPLETE, 10, 1, 2, null, now);
		assertThat(imports.claim(sha, day, "bob", "CLI", now, now.minusSeconds(1800))).isEmpty();
		imports.finish(sha, Status.DONE, 10, 1, 2, "statement-2026-11-29-0000000000000000", now);

		// then a finished file is never imported again
		ImportRecord done = imports.claim(sha, day, "carol", "API", now, now.minusSeconds(1800)).orElseThrow();
		assertThat(done.status()).isEqualTo(Status.DONE);
		assertThat(done.operator()).isEqualTo("bob");
		assertThat(done.report()).isEqualTo("statement-2026-11-29-0000000000000000");
	}

	@Test
	void twoReplicasFetchingOneDayAtOnceImportItOnceAndTheDayReadsImported() throws Exception {
		// given: a day of its own (the schema is shared by the ITs), the platform's statement of it, and two replicas
		// whose import, once it holds the claim, waits in its first read until the other replica's round has ended
		// (before 2038: t_statement_import.started_at is a TIMESTAMP, and the round's clock is the day after)
		LocalDate day = LocalDate.of(2030, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(2_500));
		Clock clock = Clock.fixed(day.plusDays(1).atTime(0, 30).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
		byte[] file = StatementCsv.write(day, List.of());
		PaymentPlatform platform = new PaymentPlatform() {

			@Override
			public QueryAnswer query(String orderNo) {
				return new QueryAnswer.Unknown(orderNo, "not asked in this test");
			}

			@Override
			public io.payonce.platform.Statement statement(LocalDate asked) {
				return StatementCsv.parse(asked, file);
			}

		};
		JdbcStatementImports imports = new JdbcStatementImports(this.jdbc);
		CountDownLatch otherRoundEnded = new CountDownLatch(1);
		AtomicInteger reads = new AtomicInteger();
		List<StatementReport> reports = new CopyOnWriteArrayList<>();
		GatewayPayments gateway = new GatewayPayments() {

			@Override
			public boolean holdsPaymentOf(String orderNo) {
				throw new UnsupportedOperationException("an empty day asks about no order");
			}

			@Override
			public RepairAnswer submit(PlatformPayment payment, RepairSource source, String reference) {
				throw new UnsupportedOperationException("an empty day repairs nothing");
			}

			@Override
			public List<RecordedPayment> paidOn(LocalDate asked) {
				reads.incrementAndGet();
				try {
					assertThat(otherRoundEnded.await(20, TimeUnit.SECONDS)).as("the other round ended").isTrue();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return List.of();
			}

		};
		StatementImport importer = new StatementImport(imports, gateway, platform, new JdbcLedgerDeductions(this.jdbc),
				(report) -> "statement-" + report.day() + "-" + report.sha256().substring(0, 16), reports::add,
				new FreezeService(new InMemoryFreezeLedger(), clock), clock, Duration.ofMinutes(30));
		StatementFetch replicaA = new StatementFetch(platform, importer, imports, clock, 1, "scheduler@a");
		StatementFetch replicaB = new StatementFetch(platform, importer, imports, clock, 1, "scheduler@b");

		// when both rounds run at once
		ExecutorService replicas = Executors.newFixedThreadPool(2);
		try {
			CompletableFuture<StatementFetch.Round> a = CompletableFuture.supplyAsync(replicaA::run, replicas);
			CompletableFuture<StatementFetch.Round> b = CompletableFuture.supplyAsync(replicaB::run, replicas);
			StatementFetch.Round first = (StatementFetch.Round) CompletableFuture.anyOf(a, b).get(20, TimeUnit.SECONDS);
			otherRoundEnded.countDown();
			List<StatementFetch.Outcome> outcomes = List.of(a.get(20, TimeUnit.SECONDS).days().get(0).outcome(),
					b.get(20, TimeUnit.SECONDS).days().get(0).outcome());

			// then one imported it, the other was turned away by the claim in MariaDB, and the day reads imported
			assertThat(first.days()).extracting(StatementFetch.DayResult::outcome)
				.containsExactly(StatementFetch.Outcome.IN_PROGRESS);
			assertThat(outcomes).containsExactlyInAnyOrder(StatementFetch.Outcome.IMPORTED,
					StatementFetch.Outcome.IN_PROGRESS);
		}
		finally {
			replicas.shutdownNow();
		}
		assertThat(reads).hasValue(1);
		assertThat(reports).hasSize(1);
		assertThat(imports.importedDays(day.minusDays(1), day)).containsExactly(day);
		assertThat(imports.list(day, day, 10)).singleElement().satisfies((row) -> {
			assertThat(row.record().status()).isEqualTo(Status.DONE);
			assertThat(row.record().channel()).isEqualTo(StatementFetch.CHANNEL);
			assertThat(row.rows()).isZero();
			assertThat(row.findings()).isZero();
		});
		assertThat(new StatementFetch(platform, importer, imports, clock, 1, "scheduler@a").run().days())
			.extracting(StatementFetch.DayResult::outcome)
			.containsExactly(StatementFetch.Outcome.ALREADY_IMPORTED);
	}

	@Test
	void reconciliationUserCannotDeleteAnImportOrRewriteItsIdentity() throws SQLException {
		LocalDatabase user = LocalDatabase.RECONCILIATION;
		try (Connection connection = DriverManager.getConnection(stack.mariaDb().jdbcUrl(user.schema()), user.user(),
				user.password()); Statement statement = connection.createStatement()) {
			for (String sql : List.of("DELETE FROM t_statement_import WHERE sha256 = 'x'",
					"UPDATE t_statement_import SET sha256 = 'y' WHERE sha256 = 'x'",
					"UPDATE t_statement_import SET statement_day = '2020-01-01' WHERE sha256 = 'x'")) {
				assertThatThrownBy(() -> statement.execute(sql)).as(sql)
					.isInstanceOf(SQLException.class)
					.hasMessageContaining("denied");
			}
		}
	}

	@Test
	void unpaidOrdersAreWalkedByCreationTimeAndLedgerDeductionsAreRead() throws SQLException {
		// given two unpaid orders, one paid and deducted
		String run = UUID.randomUUID().toString().substring(0, 8);
		Instant created = Instant.parse("2001-02-03T04:05:06Z");
		try (Connection owner = DriverManager.getConnection(stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()),
				LocalDatabase.TRADE.user(), LocalDatabase.TRADE.password()); Statement statement = owner.createStatement()) {
			statement.execute("INSERT INTO t_order (order_no, user_id, amount, currency, status, created_at) VALUES "
					+ "('AQ-" + run + "-b', 1, 5.00, 'CNY', 'INIT', '2001-02-03 04:05:06'), "
					+ "('AQ-" + run + "-a', 1, 5.00, 'CNY', 'INIT', '2001-02-03 04:05:06'), "
					+ "('AQ-" + run + "-p', 1, 7.00, 'CNY', 'PAID', '2001-02-03 04:05:06')");
			statement.execute("UPDATE t_order SET pay_no = 'PN-" + run + "' WHERE order_no = 'AQ-" + run + "-p'");
			statement.execute("INSERT INTO t_account_flow (user_id, amount, biz_no, type, pay_no) VALUES (1, -7.00, 'AQ-"
					+ run + "-p', 'PAY_DEDUCT', 'PN-" + run + "')");
		}

		// when
		// (a day either side: the literal above is in the session's time zone)
		List<UnpaidOrder> page = new JdbcUnpaidOrders(this.jdbc).page(Cursor.before(created.minus(1, ChronoUnit.DAYS)),
				created.plus(1, ChronoUnit.DAYS), 1000);
		Map<String, LedgerDeduction> ledger = new JdbcLedgerDeductions(this.jdbc)
			.of(List.of("AQ-" + run + "-a", "AQ-" + run + "-p", "AQ-" + run + "-unknown"));

		// then: INIT only, by creation time then orderNo; the deduction with its payNo, an unpaid order without
		assertThat(page).extracting(UnpaidOrder::orderNo)
			.containsSubsequence("AQ-" + run + "-a", "AQ-" + run + "-b")
			.doesNotContain("AQ-" + run + "-p");
		assertThat(ledger).hasSize(2);
		assertThat(ledger.get("AQ-" + run + "-p")).satisfies((d) -> {
			assertThat(d.orderPayNo()).isEqualTo("PN-" + run);
			assertThat(d.deducted()).isEqualByComparingTo(new BigDecimal("7.00"));
			assertThat(d.reversed()).isFalse();
		});
		assertThat(ledger.get("AQ-" + run + "-a").deducted()).isNull();
	}

	private static String sha() {
		return (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "").substring(0, 64);
	}

}
