package io.payonce.gateway.callback.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** Valid callbacks to start from; each test changes what it is about. */
final class PaymentFixture {

	private PaymentFixture() {
	}

	static PaymentCallback aCallback() {
		return new PaymentCallback("PN20260928001", "P20260928001", 10086L, new BigDecimal("199.00"), "CNY",
				PaymentCallback.SUCCESS, Instant.parse("2026-09-28T02:00:12Z"));
	}

	static PaymentCallback withAmount(PaymentCallback c, String amount) {
		return new PaymentCallback(c.payNo(), c.orderNo(), c.userId(), new BigDecimal(amount), c.currency(),
				c.status(), c.paidAt());
	}

	static PaymentCallback withStatus(PaymentCallback c, String status) {
		return new PaymentCallback(c.payNo(), c.orderNo(), c.userId(), c.amount(), c.currency(), status, c.paidAt());
	}

	static PaymentCallback withPayNo(PaymentCallback c, String payNo) {
		return new PaymentCallback(payNo, c.orderNo(), c.userId(), c.amount(), c.currency(), c.status(), c.paidAt());
	}

	static PaymentCallback withOrderNo(PaymentCallback c, String orderNo) {
		return new PaymentCallback(c.payNo(), orderNo, c.userId(), c.amount(), c.currency(), c.status(), c.paidAt());
	}

	static PaymentCallback withPaidAt(PaymentCallback c, Instant paidAt) {
		return new PaymentCallback(c.payNo(), c.orderNo(), c.userId(), c.amount(), c.currency(), c.status(), paidAt);
	}

}
