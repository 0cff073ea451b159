package io.payonce.contract;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * The platform charged the user a second time for an order that already has a payment: a new payNo for a known
 * orderNo. It is money we owe back, never a second deduction and never a silent skip. Published to
 * {@link Topic#PAY_REFUND_REQUIRED} with key = orderNo, once per duplicate payNo. Golden sample:
 * {@code contract/duplicate-payment.v1.json}.
 *
 * @param payNo the duplicate (second) platform payment, the one to refund
 * @param orderNo the order both payments are for
 * @param userId the paying user as the platform reported it
 * @param amount the amount of the duplicate payment (positive, at most two decimals)
 * @param currency ISO-4217 code of the duplicate payment
 * @param paidAt when the platform says the duplicate was paid
 * @param firstPayNo the payment that holds the order, {@code null} when the detector cannot name it
 * @param detectedBy where the duplicate was recognised
 */
public record DuplicatePayment(String payNo, String orderNo, long userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal amount, String currency, Instant paidAt,
		String firstPayNo, Detector detectedBy) implements PayonceEvent {

	public DuplicatePayment {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(paidAt, "paidAt");
		Objects.requireNonNull(detectedBy, "detectedBy");
		if (amount.signum() <= 0) {
			throw new IllegalArgumentException("amount must be positive: " + amount);
		}
		if (payNo.equals(firstPayNo)) {
			throw new IllegalArgumentException("a payment is not a duplicate of itself: " + payNo);
		}
	}

	/** The duplicate of a {@link PaySuccess} that reached the ledger after another payNo paid the order. */
	public static DuplicatePayment of(PaySuccess payment, String firstPayNo, Detector detectedBy) {
		return new DuplicatePayment(payment.payNo(), payment.orderNo(), payment.userId(), payment.amount(),
				payment.currency(), payment.paidAt(), firstPayNo, detectedBy);
	}

	/** Which guard recognised the second payment. */
	public enum Detector {

		/** The gateway: the callback's orderNo already had a payment with another payNo. */
		GATEWAY,

		/** The deduct consumer: the order was already paid by another payNo. */
		LEDGER

	}

}
