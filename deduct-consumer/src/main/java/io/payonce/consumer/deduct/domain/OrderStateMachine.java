package io.payonce.consumer.deduct.domain;

import java.util.Optional;

import io.payonce.contract.PaySuccess;

/**
 * Explains why a payment was not deducted when the guarded statements said no. The CAS {@code UPDATE t_order SET
 * status='PAID', pay_no=? WHERE order_no=? AND status='INIT' AND user_id=? AND amount=? AND currency=?} changed no
 * row, or the flow insert hit {@code uk_biz_no_type}; the rows, read under a lock, tell why. Nothing here moves
 * money: it only names the answer.
 */
public final class OrderStateMachine {

	private OrderStateMachine() {
	}

	public static LedgerResult explainMissedCas(Optional<OrderSnapshot> order, PaySuccess payment) {
		if (order.isEmpty()) {
			// The order service may still be writing it: worth waiting for.
			return LedgerResult.ORDER_NOT_FOUND;
		}
		OrderSnapshot snapshot = order.get();
		boolean paid = snapshot.status() == OrderStatus.PAID || snapshot.status() == OrderStatus.SETTLED;
		Optional<String> otherPayer = snapshot.paidBy().filter((payNo) -> !payNo.equals(payment.payNo()));
		if (paid && otherPayer.isPresent()) {
			// Another platform payment paid this order: this one is money owed back, whatever its content.
			return LedgerResult.paidByOtherPayment(otherPayer.get());
		}
		if (!snapshot.matches(payment)) {
			// Same orderNo, other money or other payer: never deduct, whatever the state.
			return LedgerResult.CONFLICT;
		}
		if (paid) {
			// SETTLED is only reachable through PAID: the payment was deducted, this delivery is a duplicate. An
			// order paid before payNos were recorded cannot say by which payment: taken for this one (documented).
			return snapshot.paidBy().isPresent() ? LedgerResult.ALREADY_PAID : LedgerResult.ALREADY_PAID_UNATTRIBUTED;
		}
		if (snapshot.status() == OrderStatus.INIT) {
			// Read under a lock, an INIT order with matching fields would have matched the CAS. Seeing it
			// means the database changed under us (a concurrent rollback): no answer yet, retry in place.
			throw new IllegalStateException("CAS missed an INIT order " + payment.orderNo() + "; retry");
		}
		// REFUNDED, CLOSED, unknown: PAID is not reachable, waiting will not help.
		return LedgerResult.ILLEGAL_STATE;
	}

	/**
	 * The CAS made the order PAID but its {@code PAY_DEDUCT} flow exists already (written while the order was INIT:
	 * by hand, or by a ledger from before payNos were recorded). The flow holds the money, so its payNo decides.
	 *
	 * @param flowPayNo the payNo of the existing flow, empty for a flow from before payNos were recorded
	 */
	public static LedgerResult explainExistingFlow(Optional<String> flowPayNo, PaySuccess payment) {
		Optional<String> otherPayer = flowPayNo.filter((payNo) -> !payNo.equals(payment.payNo()));
		if (otherPayer.isPresent()) {
			return LedgerResult.paidByOtherPayment(otherPayer.get());
		}
		return LedgerResult.ALREADY_FLOWED;
	}

}
