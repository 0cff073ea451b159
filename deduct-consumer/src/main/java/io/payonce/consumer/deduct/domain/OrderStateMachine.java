package io.payonce.consumer.deduct.domain;

import java.util.Optional;

import io.payonce.contract.PaySuccess;

/**
 * Explains a missed CAS. The CAS {@code UPDATE t_order SET status='PAID' WHERE order_no=? AND status='INIT'
 * AND user_id=? AND amount=? AND currency=?} changed no row; the order, read under a lock, tells why.
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
		if (!snapshot.matches(payment)) {
			// Same orderNo, other money or other payer: never deduct, whatever the state.
			return LedgerResult.CONFLICT;
		}
		if (snapshot.status() == OrderStatus.PAID || snapshot.status() == OrderStatus.SETTLED) {
			// SETTLED is only reachable through PAID: the payment was deducted, this delivery is a duplicate.
			return LedgerResult.ALREADY_PAID;
		}
		if (snapshot.status() == OrderStatus.INIT) {
			// Read under a lock, an INIT order with matching fields would have matched the CAS. Seeing it
			// means the database changed under us (a concurrent rollback): no answer yet, retry in place.
			throw new IllegalStateException("CAS missed an INIT order " + payment.orderNo() + "; retry");
		}
		// REFUNDED, CLOSED, unknown: PAID is not reachable, waiting will not help.
		return LedgerResult.ILLEGAL_STATE;
	}

}
