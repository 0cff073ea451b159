package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.reconciliation.freeze.FreezeAction;
import io.payonce.reconciliation.freeze.FreezeAuditEntry;
import io.payonce.reconciliation.freeze.FreezeOutcome;
import io.payonce.reconciliation.freeze.FreezeService;
import io.payonce.reconciliation.freeze.InMemoryFreezeLedger;
import io.payonce.reconciliation.platform.FakeGateway;
import io.payonce.reconciliation.platform.RepairSource;
import io.payonce.reconciliation.statement.StatementFinding.Kind;
import org.junit.jupiter.api.Test;

import static io.payonce.reconciliation.statement.StatementFixture.recorded;
import static io.payonce.reconciliation.statement.StatementFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The import's rules: once per file, repairs only what the platform confirms, through the intake. */
class StatementImportTest {

	private final FakeGateway gateway = new FakeGateway();

	private final Map<String, QueryAnswer> platformAnswers = new HashMap<>();

	private final InMemoryStatementImports imports = new InMemoryStatementImports();

	private final List<StatementReport> raised = new ArrayList<>();

	private final InMemoryFreezeLedger freezes = new InMemoryFreezeLedger().account(10086L);

	private final StatementImport importer = new StatementImport(this.imports, this.gateway, new PaymentPlatform() {

		@Override
		public QueryAnswer query(String orderNo) {
			return StatementImportTest.this.platformAnswers.getOrDefault(orderNo, new QueryAnswer.NotPaid(orderNo));
		}

		@Override
		public Statement statement(LocalDate day) {
			throw new UnsupportedOperationException();
		}

	}, StatementImportTest::everyOrderDeducted199, (report) -> "report-" + report.sha256().substring(0, 4), this.raised::add,
			new FreezeService(this.freezes, Clock.fixed(Instant.parse("2026-11-30T08:00:00Z"), ZoneOffset.UTC)),
			Clock.fixed(Instant.parse("2026-11-30T08:00:00Z"), ZoneOffset.UTC), Duration.ofMinutes(30));

	private final StatementRow paid = row("PN-A", "O-A", "199.00", 1);

	private final StatementRow lost = row("PN-B", "O-B", "12.50", 2);

	private final StatementRow secondCharge = row("PN-A2", "O-A", "199.00", 19);

	@Test
	void lostCallbackConfirmedByTheQueryIsRepairedThroughTheIntakeOnce() {
		// given: PN-B's callback was lost; the platform's query knows it
		this.gateway.day.add(recorded(this.paid));
		this.gateway.heldOrders.add("O-A");
		this.gateway.rows.put("PN-A", payment(this.paid));
		this.platformAnswers.put("O-B", new QueryAnswer.Paid("O-B", List.of(payment(this.lost))));
		Statement statement = StatementFixture.statement(this.paid, this.lost);

		// when: imported twice
		ImportOutcome first = this.importer.importStatement(statement, "alice", "API");
		ImportOutcome again = this.importer.importStatement(statement, "bob", "CLI");

		// then: repaired once, marked STATEMENT; the second import changed nothing and raised nothing
		assertThat(first.result()).isEqualTo(ImportOutcome.Result.IMPORTED);
		assertThat(first.report().findings()).singleElement().satisfies((f) -> {
			assertThat(f.kind()).isEqualTo(Kind.MISSING_CALLBACK);
			assertThat(f.repair()).isEqualTo("INTAKE_ACCEPTED");
		});
		assertThat(this.gateway.sources).containsEntry("PN-B", RepairSource.STATEMENT);
		assertThat(again.result()).isEqualTo(ImportOutcome.Result.ALREADY_IMPORTED);
		assertThat(again.earlier().operator()).isEqualTo("alice");
		assertThat(this.gateway.submissions).containsExactly("PN-B");
		assertThat(this.raised).hasSize(1);
	}

	@Test
	void aPaymentThePlatformDoesNotKnowFreezesItsUsersDeductionsOnceAuditedAndAlerted() {
		// given: we recorded PN-A and PN-B (user 10086), the platform's statement has only PN-A
		this.gateway.day.add(recorded(this.paid));
		this.gateway.day.add(recorded(this.lost));
		Statement statement = StatementFixture.statement(this.paid);

		// when: imported twice
		ImportOutcome first = this.importer.importStatement(statement, "alice", "API");
		ImportOutcome again = this.importer.importStatement(statement, "alice", "API");

		// then: PN-B is an UNKNOWN_PAYMENT, its user's deductions are frozen, audited as by the statement import
		// with the payNo and orderNo, and the finding saying so is raised once
		assertThat(first.report().findings()).filteredOn((f) -> f.kind() == Kind.UNKNOWN_PAYMENT)
			.singleElement()
			.satisfies((f) -> {
				assertThat(f.payNo()).isEqualTo("PN-B");
				assertThat(f.repair()).isEqualTo("FREEZE_FROZEN");
				assertThat(f.detail()).contains("deductions of user 10086: FROZEN");
			});
		assertThat(this.freezes.frozen()).singleElement().satisfies((freeze) -> {
			assertThat(freeze.userId()).isEqualTo(10086L);
			assertThat(freeze.changedBy()).isEqualTo(FreezeService.STATEMENT_IMPORT);
			assertThat(freeze.reason()).contains("UNKNOWN_PAYMENT", "PN-B", "O-B");
			assertThat(freeze.cause()).contains("payNo=PN-B", "orderNo=O-B", StatementFixture.DAY.toString());
		});
		assertThat(this.raised).singleElement()
			.satisfies((report) -> assertThat(report.findings()).anyMatch((f) -> f.repair().equals("FREEZE_FROZEN")));
		assertThat(again.result()).isEqualTo(ImportOutcome.Result.ALREADY_IMPORTED);
		assertThat(this.freezes.audit).extracting(FreezeAuditEntry::action, FreezeAuditEntry::outcome)
			.containsExactly(tuple(FreezeAction.FREEZE, FreezeOutcome.FROZEN));
	}

	@Test
	void forgedLineIsReportedButNeverRepaired() {
		// given: a line for a payment the platform's query does not know
		StatementRow forged = row("PN-FORGED", "O-A", "199.00", 5);
		this.gateway.day.add(recorded(this.paid));
		this.platformAnswers.put("O-A", new QueryAnswer.Paid("O-A", List.of(payment(this.paid))));

		// when
		ImportOutcome outcome = this.importer.importStatement(StatementFixture.statement(this.paid, forged), "alice",
				"API");

		// then
		assertThat(outcome.report().findings()).filteredOn((f) -> f.kind() == Kind.MISSING_CALLBACK)
			.singleElement()
			.satisfies((f) -> {
				assertThat(f.payNo()).isEqualTo("PN-FORGED");
				assertThat(f.repair()).isEqualTo("NOT_CONFIRMED");
			});
		assertThat(this.gateway.submissions).isEmpty();
		assertThat(outcome.result()).isEqualTo(ImportOutcome.Result.IMPORTED);
	}

	@Test
	void lostSecondChargeIsRepairedOntoTheRefundList() {
		// given: the order's payment recorded, the second charge's callback lost
		this.gateway.day.add(recorded(this.paid));
		this.gateway.heldOrders.add("O-A");
		this.gateway.rows.put("PN-A", payment(this.paid));
		this.platformAnswers.put("O-A",
				new QueryAnswer.Paid("O-A", List.of(payment(this.paid), payment(this.secondCharge))));

		// when
		ImportOutcome outcome = this.importer.importStatement(StatementFixture.statement(this.paid, this.secondCharge),
				"alice", "API");

		// then
		assertThat(outcome.report().findings()).extracting(StatementFinding::kind, StatementFinding::repair)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.MISSING_CALLBACK, "INTAKE_DUPLICATE_PAYMENT"),
					org.assertj.core.groups.Tuple.tuple(Kind.DUPLICATE_PAYMENT, "none"));
		assertThat(outcome.report().findings().get(1).detail()).contains("on the refund list now");
	}

	@Test
	void platformWithoutAnswerLeavesTheImportIncompleteAndAReimportFinishesIt() {
		// given
		this.platformAnswers.put("O-B", new QueryAnswer.Unknown("O-B", "HTTP 503"));
		Statement statement = StatementFixture.statement(this.lost);

		// when
		ImportOutcome first = this.importer.importStatement(statement, "alice", "API");
		this.platformAnswers.put("O-B", new QueryAnswer.Paid("O-B", List.of(payment(this.lost))));
		ImportOutcome second = this.importer.importStatement(statement, "alice", "API");
		ImportOutcome third = this.importer.importStatement(statement, "alice", "API");

		// then
		assertThat(first.result()).isEqualTo(ImportOutcome.Result.INCOMPLETE);
		assertThat(first.report().findings().get(0).repair()).isEqualTo("NO_ANSWER");
		assertThat(second.result()).isEqualTo(ImportOutcome.Result.IMPORTED);
		assertThat(third.result()).isEqualTo(ImportOutcome.Result.ALREADY_IMPORTED);
		assertThat(this.gateway.submissions).containsExactly("PN-B");
	}

	@Test
	void daysWithoutPaymentsAreEachImportedAlthoughTheirFilesAreTheSameBytes() {
		// given: two days without payments: the two header lines alone, byte for byte the same file
		LocalDate monday = StatementFixture.DAY.minusDays(1);
		Statement empty = io.payonce.platform.statement.StatementCsv.parse(StatementFixture.DAY,
				io.payonce.platform.statement.StatementCsv.write(StatementFixture.DAY, List.of()));
		Statement emptyMonday = io.payonce.platform.statement.StatementCsv.parse(monday,
				io.payonce.platform.statement.StatementCsv.write(monday, List.of()));
		assertThat(emptyMonday.sha256()).isEqualTo(empty.sha256());

		// when: both imported, then each again
		ImportOutcome first = this.importer.importStatement(emptyMonday, "alice", "API");
		ImportOutcome second = this.importer.importStatement(empty, "alice", "API");
		ImportOutcome again = this.importer.importStatement(empty, "alice", "API");

		// then: each day imported once
		assertThat(first.result()).isEqualTo(ImportOutcome.Result.IMPORTED);
		assertThat(second.result()).isEqualTo(ImportOutcome.Result.IMPORTED);
		assertThat(again.result()).isEqualTo(ImportOutcome.Result.ALREADY_IMPORTED);
		assertThat(again.earlier().day()).isEqualTo(StatementFixture.DAY);
		assertThat(this.imports.importedDays(monday, StatementFixture.DAY)).containsExactlyInAnyOrder(monday,
				StatementFixture.DAY);
	}

	/** The ledger: each order deducted 199.00 (the recorded order O-A's payment). */
	private static Map<String, LedgerDeduction> everyOrderDeducted199(java.util.Collection<String> orderNos) {
		Map<String, LedgerDeduction> ledger = new HashMap<>();
		orderNos.forEach((o) -> ledger.put(o, new LedgerDeduction(o, null, new BigDecimal("199.00"), false)));
		return ledger;
	}

	private static PlatformPayment payment(StatementRow row) {
		return new PlatformPayment(row.payNo(), row.orderNo(), row.userId(), new BigDecimal(row.amount().toPlainString()),
				row.currency(), row.status(), row.paidAt());
	}

}
