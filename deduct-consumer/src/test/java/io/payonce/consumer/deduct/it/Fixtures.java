package io.payonce.consumer.deduct.it;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.contract.PaySuccess;

/** Unique, valid test data: every test owns its orderNos, users and consumer group. */
final class Fixtures {

	private Fixtures() {
	}

	static String anOrderNo() {
		return "IT" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
	}

	static long aUserId() {
		return ThreadLocalRandom.current().nextLong(1_000_000L, Long.MAX_VALUE / 2);
	}

	static String aGroup(String test) {
		return "it-" + test + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	static PaySuccess aPayment(String orderNo, long userId, String amount) {
		return aPayment(orderNo, userId, amount, "CNY");
	}

	static PaySuccess aPayment(String orderNo, long userId, String amount, String currency) {
		return new PaySuccess("PN" + orderNo, orderNo, userId, new BigDecimal(amount), currency,
				Instant.parse("2026-09-28T02:00:12Z"));
	}

	/** Another platform payment (a payNo of its own) with the same content as {@code first}. */
	static PaySuccess aSecondPayment(PaySuccess first) {
		return new PaySuccess(first.payNo() + "-2", first.orderNo(), first.userId(), first.amount(), first.currency(),
				first.paidAt().plusSeconds(17));
	}

}
