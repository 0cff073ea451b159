package io.payonce.reconciliation.statement;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.statement.StatementFinding.Kind;
import org.junit.jupiter.api.Test;

import static io.payonce.reconciliation.statement.StatementFixture.deducted;
import static io.payonce.reconciliation.statement.StatementFixture.recorded;
import static io.payonce.reconciliation.statement.StatementFixture.row;
import static io.payonce.reconciliation.statement.StatementFixture.statement;
import static org.assertj.core.api.Assertions.assertThat;

/** The three-way matching rules of {@link StatementMatcher}: statement ⋈ t_payment ⋈ ledger, and the totals. */
class StatementMatchingRulesTest {

	private final StatementRow a = row("PN-A", "O-A", "199.00", 1);

	private final StatementRow b = row("PN-B", "O-B", "12.50", 2);

	@Test
	void statementThatAgreesWithTheBooksHasNoFindingAndBalances() {
		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a, this.b),
				List.of(recorded(this.a), recorded(this.b)), Map.of("O-A", deducted(this.a), "O-B", deducted(this.b)));

		// then
		assertThat(match.findings()).isEmpty();
		assertThat(match.balances()).singleElement().satisfies((cny) -> {
			assertThat(cny.statement()).isEqualByComparingTo("211.50");
			assertThat(cny.recorded()).isEqualByComparingTo("211.50");
			assertThat(cny.deducted()).isEqualByComparingTo("211.50");
			assertThat(cny.balances()).isTrue();
		});
	}

	@Test
	void paymentOnTheStatementNeverRecordedIsAMissingCallback() {
		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a, this.b), List.of(recorded(this.a)),
				Map.of("O-A", deducted(this.a)));

		// then
		assertThat(match.findings()).singleElement().satisfies((f) -> {
			assertThat(f.kind()).isEqualTo(Kind.MISSING_CALLBACK);
			assertThat(f.line()).isEqualTo(3);
			assertThat(f.payNo()).isEqualTo("PN-B");
			assertThat(f.statementAmount()).isEqualByComparingTo("12.50");
		});
		assertThat(match.balances()).singleElement().satisfies((cny) -> {
			assertThat(cny.missing()).isEqualByComparingTo("12.50");
			assertThat(cny.balances()).isTrue();
		});
	}

	@Test
	void paymentRecordedWithAnotherStatusIsAMissingCallbackToo() {
		// given: the platform said PROCESSING, its SUCCESS callback was lost
		RecordedPayment processing = new RecordedPayment("PN-A", "O-A", "PRIMARY", "CALLBACK", 10086,
				new BigDecimal("199.00"), "CNY", "PROCESSING", this.a.paidAt());

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a), List.of(processing), Map.of());

		// then
		assertThat(match.findings()).extracting(StatementFinding::kind).containsExactly(Kind.MISSING_CALLBACK);
		assertThat(match.findings().get(0).detail()).contains("PROCESSING");
		assertThat(match.balances()).allMatch(CurrencyBalance::balances);
	}

	@Test
	void recordedPaymentTheStatementDoesNotKnowIsAnUnknownPayment() {
		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a),
				List.of(recorded(this.a), recorded(this.b)), Map.of("O-A", deducted(this.a), "O-B", deducted(this.b)));

		// then
		assertThat(match.findings()).singleElement().satisfies((f) -> {
			assertThat(f.kind()).isEqualTo(Kind.UNKNOWN_PAYMENT);
			assertThat(f.line()).isNull();
			assertThat(f.recordedAmount()).isEqualByComparingTo("12.50");
		});
		assertThat(match.balances()).singleElement().satisfies((cny) -> {
			assertThat(cny.unknown()).isEqualByComparingTo("12.50");
			assertThat(cny.balances()).isTrue();
		});
	}

	@Test
	void amountChangedByOneCentIsAnAmountMismatch() {
		// given: the statement says 199.01 for a payment of 199.00
		StatementRow misstated = row("PN-A", "O-A", "199.01", 1);

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(misstated), List.of(recorded(this.a)),
				Map.of("O-A", deducted(this.a)));

		// then
		assertThat(match.findings()).singleElement().satisfies((f) -> {
			assertThat(f.kind()).isEqualTo(Kind.AMOUNT_MISMATCH);
			assertThat(f.difference()).isEqualByComparingTo("0.01");
		});
		assertThat(match.balances()).singleElement().satisfies((cny) -> {
			assertThat(cny.mismatch()).isEqualByComparingTo("0.01");
			assertThat(cny.balances()).isTrue();
		});
	}

	@Test
	void amountInAnotherCurrencyBalancesEachCurrency() {
		// given
		RecordedPayment inUsd = new RecordedPayment("PN-A", "O-A", "PRIMARY", "CALLBACK", 10086,
				new BigDecimal("199.00"), "USD", "SUCCESS", this.a.paidAt());

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a), List.of(inUsd),
				Map.of("O-A", deducted(this.a)));

		// then
		assertThat(match.findings()).extracting(StatementFinding::kind, StatementFinding::currency)
			.containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(Kind.AMOUNT_MISMATCH, "CNY"),
					org.assertj.core.groups.Tuple.tuple(Kind.AMOUNT_MISMATCH, "USD"));
		assertThat(match.balances()).hasSize(2).allMatch(CurrencyBalance::balances);
	}

	@Test
	void secondChargeRecordedByTheGatewayIsADuplicatePaymentOnTheRefundList() {
		// given: the order charged twice, the gateway recorded the second as DUPLICATE (DuplicatePayment published)
		StatementRow second = row("PN-A2", "O-A", "199.00", 18);

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a, second),
				List.of(recorded(this.a), recorded(second, "DUPLICATE")), Map.of("O-A", deducted(this.a)));

		// then
		assertThat(match.findings()).singleElement().satisfies((f) -> {
			assertThat(f.kind()).isEqualTo(Kind.DUPLICATE_PAYMENT);
			assertThat(f.payNo()).isEqualTo("PN-A2");
			assertThat(f.detail()).contains("on the refund list").contains("held by PN-A");
		});
		assertThat(match.balances()).allMatch(CurrencyBalance::balances);
	}

	@Test
	void secondChargeWhoseCallbackWasLostIsMissingAndADuplicateNotYetOnTheRefundList() {
		// given
		StatementRow second = row("PN-A2", "O-A", "199.00", 18);

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a, second), List.of(recorded(this.a)),
				Map.of("O-A", deducted(this.a)));

		// then
		assertThat(match.findings()).extracting(StatementFinding::kind, StatementFinding::payNo)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.MISSING_CALLBACK, "PN-A2"),
					org.assertj.core.groups.Tuple.tuple(Kind.DUPLICATE_PAYMENT, "PN-A2"));
		assertThat(match.findings().get(1).detail()).contains("not on the refund list until repaired");
	}

	@Test
	void bothChargesLostMakeTheEarliestTheOrdersPayment() {
		// given
		StatementRow second = row("PN-A2", "O-A", "199.00", 18);

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(second, this.a), List.of(), Map.of());

		// then: the later one is owed back
		assertThat(match.findings()).filteredOn((f) -> f.kind() == Kind.DUPLICATE_PAYMENT)
			.extracting(StatementFinding::payNo)
			.containsExactly("PN-A2");
		assertThat(match.findings()).filteredOn((f) -> f.kind() == Kind.MISSING_CALLBACK).hasSize(2);
	}

	@Test
	void recordedPaymentWithoutDeductionIsNotDeductedAndAWrongDeductionIsAMismatch() {
		// when
		StatementMatcher.Match match = StatementMatcher.match(statement(this.a, this.b),
				List.of(recorded(this.a), recorded(this.b)),
				Map.of("O-A", new LedgerDeduction("O-A", null, null, false), "O-B",
						new LedgerDeduction("O-B", "PN-B", new BigDecimal("25.00"), false)));

		// then
		assertThat(match.findings()).extracting(StatementFinding::kind, StatementFinding::payNo)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.NOT_DEDUCTED, "PN-A"),
					org.assertj.core.groups.Tuple.tuple(Kind.DEDUCTION_MISMATCH, "PN-B"));
		assertThat(match.balances()).singleElement().satisfies((cny) -> {
			assertThat(cny.expectedDeducted()).isEqualByComparingTo("211.50");
			assertThat(cny.deducted()).isEqualByComparingTo("25.00");
			assertThat(cny.balances()).isTrue();
		});
	}

	@Test
	void malformedLineIsAnErrorNamingTheLineAndTheRestIsStillMatched() {
		// given: line 3 has an amount with three decimals
		byte[] file = StatementFixture.file(this.a, this.b);
		Statement statement = StatementFixture.edited(file, 3, "PN-B,O-B,10086,12.500,CNY,SUCCESS,2026-11-29T02:00:02Z,0.08");

		// when
		StatementMatcher.Match match = StatementMatcher.match(statement, List.of(recorded(this.a), recorded(this.b)),
				Map.of("O-A", deducted(this.a), "O-B", deducted(this.b)));

		// then: the error names line 3 and its column; PN-A is matched, PN-B is not on the readable statement
		assertThat(statement.errors()).anySatisfy((error) -> {
			assertThat(error.number()).isEqualTo(3);
			assertThat(error.field()).isEqualTo("amount");
		});
		assertThat(match.findings()).extracting(StatementFinding::kind, StatementFinding::payNo)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.UNKNOWN_PAYMENT, "PN-B"));
	}

}
