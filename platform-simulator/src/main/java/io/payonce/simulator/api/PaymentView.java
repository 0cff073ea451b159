package io.payonce.simulator.api;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.payonce.simulator.callback.CallbackDelivery;
import io.payonce.simulator.payment.Fault;
import io.payonce.simulator.payment.Payment;

/**
 * A payment as the platform holds it, what it states where (callback, statement), its faults and every callback
 * delivery with its attempts (none if the callback was lost).
 */
public record PaymentView(String payNo, String orderNo, long userId, String amount, String currency, String status,
		Instant paidAt, String fee, String callbackAmount, String statementAmount, Set<Fault> faults,
		String secondChargeOf, long charge, List<DeliveryView> callbacks) {

	public static PaymentView of(Payment payment, List<CallbackDelivery> deliveries) {
		return new PaymentView(payment.payNo(), payment.orderNo(), payment.userId(), payment.amount().toPlainString(),
				payment.currency(), payment.status(), payment.paidAt(), payment.fee().toPlainString(),
				payment.callbackAmount().toPlainString(), payment.statementAmount().toPlainString(),
				new TreeSet<>(payment.faults()), payment.secondChargeOf(), payment.charge(),
				deliveries.stream().map(DeliveryView::of).toList());
	}

}
