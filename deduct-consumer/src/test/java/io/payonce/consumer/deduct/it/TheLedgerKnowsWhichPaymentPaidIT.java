package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;

import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

/**
 * The JDBC ledger on the real trade schema, without a consumer around it: the payNo that paid an order is kept on
 * the order and its flow, read back to tell a second payment from a redelivery, and a refused debit undoes its
 * payment's writes only.
 */
class TheLedgerKnowsWhichPaymentPaidIT {

	private final TradeDatabase trade = new TradeDatabase(LocalStack.shared());

	@Test
	void aFlowThatExistsForAnInitOrderDecidesByItsPayNoAndTheOrderTakesThatPayNo() {
		// given an INIT order whose deduction was booked already (by hand, say) for the first payment
		PaySuccess first = anInitOrderWithItsFlowBookedFor(PaySuccess::payNo);
		String orderNo = first.orderNo();
		long user = first.userId();

		// when a second payment for it reaches the ledger
		List<LedgerResult> results = this.trade.ledger()
			.deductAll(List.of(Fixtures.aSecondPayment(first)), Instant.now());

		// then it is owed back, the order agrees with the flow that holds the money, nothing was debited
		assertThat(results).containsExactly(LedgerResult.paidByOtherPayment(first.payNo()));
		assertThat(this.trade.orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(this.trade.orderPayNo(orderNo)).isEqualTo(first.payNo());
		assertThat(this.trade.deductions(orderNo)).isEqualTo(1);
		assertThat(this.trade.balance(user)).isEqualByComparingTo("80.00");
	}

	@Test
	void aFlowOfThisVeryPaymentForAnInitOrderIsADuplicateOfTheUniqueIndex() {
		// given
		PaySuccess payment = anInitOrderWithItsFlowBookedFor(PaySuccess::payNo);
		String orderNo = payment.orderNo();
		long user = payment.userId();

		// when
		List<LedgerResult> results = this.trade.ledger().deductAll(List.of(payment), Instant.now());

		// then
		assertThat(results).containsExactly(LedgerResult.ALREADY_FLOWED);
		assertThat(this.trade.orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(this.trade.orderPayNo(orderNo)).isEqualTo(payment.payNo());
		assertThat(this.trade.balance(user)).isEqualByComparingTo("80.00");
	}

	@Test
	void aFlowWithoutPayNoForAnInitOrderIsADuplicateOfTheUniqueIndexAndLeavesTheOrderUnattributed() {
		// given
		PaySuccess payment = anInitOrderWithItsFlowBookedFor((booked) -> null);
		String orderNo = payment.orderNo();
		long user = payment.userId();

		// when
		List<LedgerResult> results = this.trade.ledger().deductAll(List.of(payment), Instant.now());

		// then
		assertThat(results).containsExactly(LedgerResult.ALREADY_FLOWED);
		assertThat(this.trade.orderStatus(orderNo)).isEqualTo("PAID");
		assertThat(this.trade.orderPayNo(orderNo)).isNull();
		assertThat(this.trade.balance(user)).isEqualByComparingTo("80.00");
	}

	@Test
	void aPaymentForAnOrderPaidBeforePayNosWereRecordedIsAnUnattributedDuplicate() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		this.trade.account(user, "80.00");
		this.trade.paidOrderWithoutPayNo(orderNo, user, "20.00");

		// when
		List<LedgerResult> results = this.trade.ledger()
			.deductAll(List.of(Fixtures.aPayment(orderNo, user, "20.00")), Instant.now());

		// then
		assertThat(results).containsExactly(LedgerResult.ALREADY_PAID_UNATTRIBUTED);
		assertThat(this.trade.balance(user)).isEqualByComparingTo("80.00");
	}

	@Test
	void aDebitRefusedForItsCurrencyUndoesOnlyThatPaymentsCasAndFlowInAPoll() {
		// given a CNY account, a USD order and a CNY order of the same user
		long user = Fixtures.aUserId();
		String usd = Fixtures.anOrderNo();
		String cny = Fixtures.anOrderNo();
		this.trade.account(user, "80.00", "CNY");
		this.trade.order(usd, user, "20.00", "USD", "INIT");
		this.trade.order(cny, user, "30.00", "CNY", "INIT");

		// when both are paid in one poll (one transaction, a savepoint per payment)
		List<LedgerResult> results = this.trade.ledger()
			.deductAll(List.of(Fixtures.aPayment(usd, user, "20.00", "USD"), Fixtures.aPayment(cny, user, "30.00")),
					Instant.now());

		// then the USD payment left nothing behind, the CNY one is deducted
		assertThat(results).extracting(LedgerResult::kind).containsExactly(LedgerResult.Kind.CURRENCY_MISMATCH, LedgerResult.Kind.DEDUCTED);
		assertThat(this.trade.orderStatus(usd)).isEqualTo("INIT");
		assertThat(this.trade.orderPayNo(usd)).isNull();
		assertThat(this.trade.deductions(usd)).isZero();
		assertThat(this.trade.orderStatus(cny)).isEqualTo("PAID");
		assertThat(this.trade.deductionPayNo(cny)).isEqualTo(Fixtures.aPayment(cny, user, "30.00").payNo());
		assertThat(this.trade.balance(user)).isEqualByComparingTo("50.00");
	}

	/**
	 * A user with 80.00 and an INIT order of 20.00 whose {@code PAY_DEDUCT} flow is booked already, with the payNo
	 * {@code flowPayNo} gives for the order's payment ({@code null}: a flow from before payNos were recorded).
	 *
	 * @return the order's payment
	 */
	private PaySuccess anInitOrderWithItsFlowBookedFor(Function<PaySuccess, String> flowPayNo) {
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "20.00");
		this.trade.account(user, "80.00");
		this.trade.order(orderNo, user, "20.00", "INIT");
		this.trade.flow(user, "-20.00", orderNo, "PAY_DEDUCT", flowPayNo.apply(payment));
		return payment;
	}

}
