package io.payonce.consumer.deduct.domain;

import static io.payonce.consumer.deduct.domain.Payments.aPayment;
import static io.payonce.consumer.deduct.domain.Payments.aSecondPayment;
import static io.payonce.consumer.deduct.domain.Payments.theOrder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;

class OrderStateMachineTest {

	@Test
	void aMissingOrderIsWorthWaitingFor() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.empty(), aPayment()))
			.isEqualTo(LedgerResult.ORDER_NOT_FOUND);
	}

	@Test
	void anOrderPaidByThisPayNoMeansTheStateMachineSawADuplicate() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.PAID)), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void aSettledOrderWasPaidBeforeSoItIsADuplicateNotAnError() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.SETTLED)), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void anOrderPaidOrSettledByAnotherPayNoMakesThisPaymentADuplicatePaymentNamingTheFirst() {
		for (OrderStatus status : new OrderStatus[] { OrderStatus.PAID, OrderStatus.SETTLED }) {
			LedgerResult result = OrderStateMachine.explainMissedCas(Optional.of(theOrder(status)), aSecondPayment());
			assertThat(result).as("%s", status).isEqualTo(LedgerResult.paidByOtherPayment(aPayment().payNo()));
			assertThat(result.settled()).isFalse();
		}
	}

	@Test
	void aSecondPaymentIsOwedBackEvenWhenItsContentDiffersFromTheOrder() {
		// the platform charged the user again, for another amount: still money we owe back, not a conflict
		PaySuccess second = aSecondPayment();
		PaySuccess otherAmount = new PaySuccess(second.payNo(), second.orderNo(), second.userId(),
				new BigDecimal("5.00"), "USD", Instant.parse("2026-09-28T03:00:00Z"));
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.PAID)), otherAmount))
			.isEqualTo(LedgerResult.paidByOtherPayment(aPayment().payNo()));
	}

	@Test
	void anOrderPaidBeforePayNosWereRecordedTakesThePaymentForTheSameAndSaysSo() {
		// the ledger cannot tell: another payNo is taken for the same payment, as before issue 14
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.PAID, Optional.empty())),
				aSecondPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID_UNATTRIBUTED);
		assertThat(LedgerResult.ALREADY_PAID_UNATTRIBUTED.settled()).isTrue();
	}

	@Test
	void refundedClosedAndUnknownOrdersAreIllegalTransitionsWhoeverPaidThem() {
		for (OrderStatus status : new OrderStatus[] { OrderStatus.REFUNDED, OrderStatus.CLOSED,
				OrderStatus.UNKNOWN }) {
			assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(status)), aPayment())).as("%s", status)
				.isEqualTo(LedgerResult.ILLEGAL_STATE);
			assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(status)), aSecondPayment()))
				.as("%s", status)
				.isEqualTo(LedgerResult.ILLEGAL_STATE);
		}
	}

	@Test
	void anotherAmountUserOrCurrencyUnderTheSamePayNoIsAConflictEvenOnAPaidOrder() {
		OrderStatus paid = OrderStatus.PAID;
		Optional<String> byThisPayment = Optional.of(aPayment().payNo());
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(new OrderSnapshot("P20260928001", 10086L,
				new BigDecimal("1.00"), "CNY", paid, byThisPayment)), aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(new OrderSnapshot("P20260928001", 7L,
				new BigDecimal("199.00"), "CNY", paid, byThisPayment)), aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(new OrderSnapshot("P20260928001", 10086L,
				new BigDecimal("199.00"), "USD", paid, byThisPayment)), aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
	}

	@Test
	void theSameMoneyWithAnotherScaleIsNoConflict() {
		OrderSnapshot order = new OrderSnapshot("P20260928001", 10086L, new BigDecimal("199.0"), "CNY",
				OrderStatus.PAID, Optional.of(aPayment().payNo()));
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(order), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void anInitOrderThatMissedTheCasHasNoAnswerYet() {
		assertThatIllegalStateException()
			.isThrownBy(() -> OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.INIT)), aPayment()));
	}

	@Test
	void anExistingFlowOfAnotherPayNoMakesThisPaymentADuplicatePayment() {
		assertThat(OrderStateMachine.explainExistingFlow(Optional.of(aPayment().payNo()), aSecondPayment()))
			.isEqualTo(LedgerResult.paidByOtherPayment(aPayment().payNo()));
	}

	@Test
	void anExistingFlowOfThisPayNoOrOfNoKnownPayNoIsADuplicateOfTheUniqueIndex() {
		assertThat(OrderStateMachine.explainExistingFlow(Optional.of(aPayment().payNo()), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_FLOWED);
		assertThat(OrderStateMachine.explainExistingFlow(Optional.empty(), aSecondPayment()))
			.isEqualTo(LedgerResult.ALREADY_FLOWED);
	}

	@Test
	void onlyADuplicatePaymentNamesThePayNoThatPaid() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LedgerResult(LedgerResult.Kind.ALREADY_PAID, Optional.of("PN1")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LedgerResult(LedgerResult.Kind.PAID_BY_OTHER_PAYMENT, Optional.empty()));
	}

	@Test
	void anUnknownStatusColumnIsNeverPayable() {
		assertThat(OrderStatus.of("SHIPPED")).isEqualTo(OrderStatus.UNKNOWN);
		assertThat(OrderStatus.of("PAID")).isEqualTo(OrderStatus.PAID);
	}

}
