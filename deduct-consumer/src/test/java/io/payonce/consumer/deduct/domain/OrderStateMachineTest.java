package io.payonce.consumer.deduct.domain;

import static io.payonce.consumer.deduct.domain.Payments.aPayment;
import static io.payonce.consumer.deduct.domain.Payments.theOrder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.math.BigDecimal;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class OrderStateMachineTest {

	@Test
	void aMissingOrderIsWorthWaitingFor() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.empty(), aPayment()))
			.isEqualTo(LedgerResult.ORDER_NOT_FOUND);
	}

	@Test
	void aPaidOrderMeansTheStateMachineSawADuplicate() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.PAID)), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void aSettledOrderWasPaidBeforeSoItIsADuplicateNotAnError() {
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.SETTLED)), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void refundedClosedAndUnknownOrdersAreIllegalTransitions() {
		for (OrderStatus status : new OrderStatus[] { OrderStatus.REFUNDED, OrderStatus.CLOSED,
				OrderStatus.UNKNOWN }) {
			assertThat(OrderStateMachine.explainMissedCas(Optional.of(theOrder(status)), aPayment())).as("%s", status)
				.isEqualTo(LedgerResult.ILLEGAL_STATE);
		}
	}

	@Test
	void anotherAmountUserOrCurrencyIsAConflictEvenOnAPaidOrder() {
		OrderStatus paid = OrderStatus.PAID;
		assertThat(OrderStateMachine.explainMissedCas(
				Optional.of(new OrderSnapshot("P20260928001", 10086L, new BigDecimal("1.00"), "CNY", paid)), aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
		assertThat(OrderStateMachine.explainMissedCas(
				Optional.of(new OrderSnapshot("P20260928001", 7L, new BigDecimal("199.00"), "CNY", paid)), aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
		assertThat(OrderStateMachine.explainMissedCas(
				Optional.of(new OrderSnapshot("P20260928001", 10086L, new BigDecimal("199.00"), "USD", paid)),
				aPayment()))
			.isEqualTo(LedgerResult.CONFLICT);
	}

	@Test
	void theSameMoneyWithAnotherScaleIsNoConflict() {
		OrderSnapshot order = new OrderSnapshot("P20260928001", 10086L, new BigDecimal("199.0"), "CNY",
				OrderStatus.PAID);
		assertThat(OrderStateMachine.explainMissedCas(Optional.of(order), aPayment()))
			.isEqualTo(LedgerResult.ALREADY_PAID);
	}

	@Test
	void anInitOrderThatMissedTheCasHasNoAnswerYet() {
		assertThatIllegalStateException()
			.isThrownBy(() -> OrderStateMachine.explainMissedCas(Optional.of(theOrder(OrderStatus.INIT)), aPayment()));
	}

	@Test
	void anUnknownStatusColumnIsNeverPayable() {
		assertThat(OrderStatus.of("SHIPPED")).isEqualTo(OrderStatus.UNKNOWN);
		assertThat(OrderStatus.of("PAID")).isEqualTo(OrderStatus.PAID);
	}

}
