package io.payonce.consumer.deduct.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

import io.payonce.contract.PaySuccess;

/** Valid test data. */
final class Payments {

	private Payments() {
	}

	static PaySuccess aPayment() {
		return new PaySuccess("PN20260928001", "P20260928001", 10086L, new BigDecimal("199.00"), "CNY",
				Instant.parse("2026-09-28T02:00:12Z"));
	}

	static PaySuccess aPaymentWithAmount(String amount) {
		PaySuccess base = aPayment();
		return new PaySuccess(base.payNo(), base.orderNo(), base.userId(), new BigDecimal(amount), base.currency(),
				base.paidAt());
	}

	/** Another order of the same user: {@code n} makes the payNo and orderNo distinct. */
	static PaySuccess anotherPayment(int n) {
		PaySuccess base = aPayment();
		return new PaySuccess("PN2026092810" + n, "P2026092810" + n, base.userId(), base.amount(), base.currency(),
				base.paidAt());
	}

	/** A second platform payment for the order of {@link #aPayment()}: same content, another payNo. */
	static PaySuccess aSecondPayment() {
		PaySuccess base = aPayment();
		return new PaySuccess("PN20260928002", base.orderNo(), base.userId(), base.amount(), base.currency(),
				base.paidAt());
	}

	/** The order of {@link #aPayment()}; once it was PAID, paid by that payment. */
	static OrderSnapshot theOrder(OrderStatus status) {
		boolean everPaid = status != OrderStatus.INIT && status != OrderStatus.CLOSED;
		return theOrder(status, everPaid ? Optional.of(aPayment().payNo()) : Optional.empty());
	}

	static OrderSnapshot theOrder(OrderStatus status, Optional<String> paidBy) {
		return new OrderSnapshot("P20260928001", 10086L, new BigDecimal("199.00"), "CNY", status, paidBy);
	}

}
