package io.payonce.e2e.support;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.PayCallback;

/**
 * Valid test data, unique per call so that tests sharing one stack never see each other's rows.
 *
 * <pre>
 * PayCallback callback = PaymentFixture.aCallback();                       // 25.00 CNY, SUCCESS, paid now
 * SeededPayment payment = PaymentFixture.seedPayableOrder(ledger, callback, new BigDecimal("100.00"));
 * </pre>
 */
public final class PaymentFixture {

	public static final BigDecimal DEFAULT_AMOUNT = new BigDecimal("25.00");

	private PaymentFixture() {
	}

	/** A successful payment callback with a fresh orderNo, payNo and userId. */
	public static PayCallback aCallback() {
		String id = UUID.randomUUID().toString().substring(0, 18);
		long userId = ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L);
		return PayCallback.success("PAY-" + id, "ORD-" + id, userId, DEFAULT_AMOUNT,
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
	}

	/** Opens the callback's user account with {@code balance} and places its order in state INIT. */
	public static SeededPayment seedPayableOrder(TradeLedger ledger, PayCallback callback, BigDecimal balance) {
		ledger.openAccount(callback.userId(), balance, callback.currency());
		ledger.placeOrder(callback.orderNo(), callback.userId(), callback.amount(), callback.currency());
		return new SeededPayment(callback, balance);
	}

	/** A callback whose account and INIT order exist in the trade schema. */
	public record SeededPayment(PayCallback callback, BigDecimal balanceBefore) {

		public String orderNo() {
			return this.callback.orderNo();
		}

		public long userId() {
			return this.callback.userId();
		}

		/** The balance after exactly one deduction. */
		public BigDecimal balanceAfterOneDeduction() {
			return this.balanceBefore.subtract(this.callback.amount());
		}

	}

}
