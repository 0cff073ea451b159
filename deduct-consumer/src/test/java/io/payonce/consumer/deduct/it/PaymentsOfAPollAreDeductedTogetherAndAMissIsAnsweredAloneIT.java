package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import io.payonce.consumer.deduct.domain.Deduction;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.consumer.deduct.it.TradeDatabase.OneConnectionLedger;
import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: the payments of a poll are deducted together (one CAS over the orders, one debit per account of its
 * sum, one multi-row flow insert) when every row matches, and one by one, each with its own answer, when any does
 * not. The ledger runs on a connection of its own, so its session counters show which way it went.
 */
class PaymentsOfAPollAreDeductedTogetherAndAMissIsAnsweredAloneIT {

	private final TradeDatabase trade = new TradeDatabase(LocalStack.shared());

	@Test
	void aPollOfPayableOrdersTakesOneStatementOfEachKindAndDeductsEachOnce() {
		// given two users, three orders of one and two of the other
		long alice = Fixtures.aUserId();
		long bob = Fixtures.aUserId();
		this.trade.account(alice, "100.00");
		this.trade.account(bob, "50.00");
		List<PaySuccess> poll = List.of(anOrder(alice, "10.00"), anOrder(bob, "5.00"), anOrder(alice, "20.00"),
				anOrder(bob, "7.50"), anOrder(alice, "30.00"));

		try (OneConnectionLedger ledger = this.trade.ledgerOnOneConnection()) {
			long updates = ledger.counter("Com_update");
			long savepoints = ledger.counter("Com_savepoint");
			long rollbacks = ledger.counter("Com_rollback_to_savepoint");

			// when the poll reaches the ledger
			List<LedgerResult> results = ledger.ledger().deductAll(poll, Instant.now());

			// then one UPDATE for the orders, one for the accounts, one savepoint, nothing rolled back
			assertThat(ledger.counter("Com_update") - updates).isEqualTo(2);
			assertThat(ledger.counter("Com_savepoint") - savepoints).isEqualTo(1);
			assertThat(ledger.counter("Com_rollback_to_savepoint") - rollbacks).isZero();
			// and each payment is deducted once, into its own flow, with the balance right after it (lock order)
			assertThat(results).extracting(LedgerResult::kind).containsOnly(LedgerResult.Kind.DEDUCTED);
			for (int i = 0; i < poll.size(); i++) {
				PaySuccess payment = poll.get(i);
				Deduction deduction = results.get(i).deduction().orElseThrow();
				assertThat(deduction.flowId()).isEqualTo(this.trade.deductionFlowId(payment.orderNo()));
				assertThat(this.trade.deductions(payment.orderNo())).isEqualTo(1);
				assertThat(this.trade.orderStatus(payment.orderNo())).isEqualTo("PAID");
				assertThat(this.trade.orderPayNo(payment.orderNo())).isEqualTo(payment.payNo());
				assertThat(this.trade.deductionPayNo(payment.orderNo())).isEqualTo(payment.payNo());
			}
			assertThat(results).extracting((result) -> result.deduction().orElseThrow().balanceAfter().orElseThrow())
				.usingElementComparator(BigDecimal::compareTo)
				.containsExactly(new BigDecimal("90.00"), new BigDecimal("45.00"),
						new BigDecimal("70.00"), new BigDecimal("37.50"),
						new BigDecimal("40.00"));
		}
		assertThat(this.trade.balance(alice)).isEqualByComparingTo("40.00");
		assertThat(this.trade.balance(bob)).isEqualByComparingTo("37.50");
	}

	@Test
	void aPollWithMissesIsRolledBackToItsSavepointAndAnsweredOneByOne() {
		// given a payable order, a user who cannot afford his, a frozen account, an order paid before payNos were
		// recorded, an order that does not exist, and a redelivery of the first payment in the same poll
		long alice = Fixtures.aUserId();
		long bob = Fixtures.aUserId();
		long carol = Fixtures.aUserId();
		this.trade.account(alice, "100.00");
		this.trade.account(bob, "10.00");
		this.trade.account(carol, "100.00");
		this.trade.freeze(carol);
		PaySuccess payable = anOrder(alice, "30.00");
		PaySuccess unaffordable = anOrder(bob, "20.00");
		PaySuccess frozen = anOrder(carol, "5.00");
		String paidLongAgo = Fixtures.anOrderNo();
		this.trade.paidOrderWithoutPayNo(paidLongAgo, alice, "1.00");
		PaySuccess missing = Fixtures.aPayment(Fixtures.anOrderNo(), alice, "2.00");
		List<PaySuccess> poll = List.of(payable, unaffordable, frozen, Fixtures.aPayment(paidLongAgo, alice, "1.00"),
				missing, payable);

		try (OneConnectionLedger ledger = this.trade.ledgerOnOneConnection()) {
			long rollbacks = ledger.counter("Com_rollback_to_savepoint");

			// when the poll reaches the ledger
			List<LedgerResult> results = ledger.ledger().deductAll(poll, Instant.now());

			// then the together path was tried and undone (the fault happened) ...
			assertThat(ledger.counter("Com_rollback_to_savepoint") - rollbacks).isGreaterThanOrEqualTo(1);
			// ... and each payment has the answer it has alone; the redelivery is a duplicate of the state machine
			assertThat(results).extracting(LedgerResult::kind)
				.containsExactly(LedgerResult.Kind.DEDUCTED, LedgerResult.Kind.INSUFFICIENT_BALANCE,
						LedgerResult.Kind.ACCOUNT_FROZEN, LedgerResult.Kind.ALREADY_PAID_UNATTRIBUTED,
						LedgerResult.Kind.ORDER_NOT_FOUND, LedgerResult.Kind.ALREADY_PAID);
		}
		assertThat(this.trade.deductions(payable.orderNo())).isEqualTo(1);
		assertThat(this.trade.balance(alice)).isEqualByComparingTo("70.00");
		for (PaySuccess refused : List.of(unaffordable, frozen)) {
			assertThat(this.trade.orderStatus(refused.orderNo())).isEqualTo("INIT");
			assertThat(this.trade.orderPayNo(refused.orderNo())).isNull();
			assertThat(this.trade.deductions(refused.orderNo())).isZero();
		}
		assertThat(this.trade.balance(bob)).isEqualByComparingTo("10.00");
		assertThat(this.trade.balance(carol)).isEqualByComparingTo("100.00");
	}

	@Test
	void aFlowBookedAlreadyRefusesTheTogetherInsertAndTheUniqueIndexAnswersForItsPaymentAlone() {
		// given an INIT order whose deduction flow exists already (booked by hand), and a payable order
		long alice = Fixtures.aUserId();
		this.trade.account(alice, "100.00");
		PaySuccess booked = anOrder(alice, "20.00");
		this.trade.flow(alice, "-20.00", booked.orderNo(), "PAY_DEDUCT", booked.payNo());
		PaySuccess payable = anOrder(alice, "30.00");

		try (OneConnectionLedger ledger = this.trade.ledgerOnOneConnection()) {
			long rollbacks = ledger.counter("Com_rollback_to_savepoint");

			// when both come in one poll
			List<LedgerResult> results = ledger.ledger().deductAll(List.of(booked, payable), Instant.now());

			// then the multi-row insert hit uk_biz_no_type, the together path was undone (the fault happened) ...
			assertThat(ledger.counter("Com_rollback_to_savepoint") - rollbacks).isGreaterThanOrEqualTo(1);
			// ... and one by one the booked order is a duplicate of the unique index, the other is deducted
			assertThat(results).extracting(LedgerResult::kind)
				.containsExactly(LedgerResult.Kind.ALREADY_FLOWED, LedgerResult.Kind.DEDUCTED);
		}
		assertThat(this.trade.deductions(booked.orderNo())).isEqualTo(1);
		assertThat(this.trade.deductions(payable.orderNo())).isEqualTo(1);
		assertThat(this.trade.orderStatus(booked.orderNo())).isEqualTo("PAID");
		assertThat(this.trade.balance(alice)).isEqualByComparingTo("70.00");
	}

	@Test
	void paymentsOfOneUserThatFitOnlyInPartAreDeductedInLockOrderUntilTheBalanceEnds() {
		// given 45.00 and three orders of 30.00, 20.00 and 10.00: together they do not fit, one by one two of them do
		long alice = Fixtures.aUserId();
		this.trade.account(alice, "45.00");
		List<PaySuccess> poll = List.of(anOrder(alice, "30.00"), anOrder(alice, "20.00"), anOrder(alice, "10.00"));

		// when
		List<LedgerResult> results = this.trade.ledger().deductAll(poll, Instant.now());

		// then the sum's guard refused the together path and the balance guard of each payment decided
		assertThat(results).extracting(LedgerResult::kind)
			.containsExactly(LedgerResult.Kind.DEDUCTED, LedgerResult.Kind.INSUFFICIENT_BALANCE,
					LedgerResult.Kind.DEDUCTED);
		assertThat(this.trade.balance(alice)).isEqualByComparingTo("5.00");
		assertThat(this.trade.deductionsOfUser(alice)).isEqualTo(2);
		assertThat(this.trade.orderStatus(poll.get(1).orderNo())).isEqualTo("INIT");
	}

	@Test
	void anOrderDeliveredAgainInThePollThatPaysItIsExplainedByTheStateMachineWithoutAStatement() {
		// given
		long alice = Fixtures.aUserId();
		this.trade.account(alice, "100.00");
		PaySuccess first = anOrder(alice, "10.00");
		PaySuccess second = anOrder(alice, "20.00");

		try (OneConnectionLedger ledger = this.trade.ledgerOnOneConnection()) {
			long updates = ledger.counter("Com_update");
			long selects = ledger.counter("Com_select");
			long rollbacks = ledger.counter("Com_rollback_to_savepoint");

			// when the first payment comes twice in one poll, and a second platform payment and a payment of other
			// content for the same order come with it
			PaySuccess otherPayNo = Fixtures.aSecondPayment(first);
			PaySuccess otherAmount = new PaySuccess(first.payNo(), first.orderNo(), first.userId(),
					new BigDecimal("11.00"), first.currency(), first.paidAt());
			List<LedgerResult> results = ledger.ledger()
				.deductAll(List.of(first, second, first, otherPayNo, otherAmount), Instant.now());

			// then the first delivery of each order went together, and the others have the state machine's answers
			assertThat(results.subList(0, 2)).extracting(LedgerResult::kind).containsOnly(LedgerResult.Kind.DEDUCTED);
			assertThat(results.subList(2, 5)).containsExactly(LedgerResult.ALREADY_PAID,
					LedgerResult.paidByOtherPayment(first.payNo()), LedgerResult.CONFLICT);
			// with the together path's statements only: two UPDATEs, two SELECTs (the flows' ids, the balances)
			assertThat(ledger.counter("Com_rollback_to_savepoint") - rollbacks).isZero();
			assertThat(ledger.counter("Com_update") - updates).isEqualTo(2);
			assertThat(ledger.counter("Com_select") - selects).isEqualTo(2);
		}
		assertThat(this.trade.deductions(first.orderNo())).isEqualTo(1);
		assertThat(this.trade.orderPayNo(first.orderNo())).isEqualTo(first.payNo());
		assertThat(this.trade.balance(alice)).isEqualByComparingTo("70.00");
	}

	/** An INIT order of {@code amount} for {@code user}, and its payment. */
	private PaySuccess anOrder(long user, String amount) {
		String orderNo = Fixtures.anOrderNo();
		this.trade.order(orderNo, user, amount, "INIT");
		return Fixtures.aPayment(orderNo, user, amount);
	}

}
