package io.payonce.simulator.api;

import java.util.List;

import io.payonce.simulator.payment.Payment;

/**
 * {@code GET /api/v1/orders/{orderNo}}: the platform's word on an order, as
 * {@code io.payonce.platform.http.SimulatorPaymentPlatform} reads it (golden samples
 * {@code /platform/query-*.v1.json} in platform-api). The amounts are what was charged.
 * @param state {@code PAID} (at least one payment) or {@code NOT_PAID} (none)
 */
public record QueryView(String orderNo, String state, List<Paid> payments) {

	public static QueryView of(String orderNo, List<Payment> payments) {
		return new QueryView(orderNo, payments.isEmpty() ? "NOT_PAID" : "PAID",
				payments.stream()
					.map(payment -> new Paid(payment.payNo(), payment.orderNo(), payment.userId(),
							payment.amount().toPlainString(), payment.currency(), payment.status(),
							payment.paidAt().toString()))
					.toList());
	}

	/** One payment of the order, the callback's fields. */
	public record Paid(String payNo, String orderNo, long userId, String amount, String currency, String status,
			String paidAt) {

	}

}
