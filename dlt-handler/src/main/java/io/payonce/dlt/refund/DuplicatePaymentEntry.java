package io.payonce.dlt.refund;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One duplicate payment as the console lists it: the {@code DuplicatePayment} event, where and when it was read,
 * and what operators did with it. An event that cannot be read is listed too (never dropped): its id is its
 * topic position, {@link #problem} says why, and the fields it could not give are {@code null}.
 *
 * @param payNo the duplicate payment (the one to refund); for an unreadable record {@code unreadable-<p>-<offset>}
 * @param orderNo the order both payments are for (the record key)
 * @param userId who was charged, {@code null} if unreadable
 * @param amount how much, {@code null} if unreadable
 * @param currency ISO-4217 code
 * @param paidAt when the platform says it was paid
 * @param firstPayNo the payment that holds the order, if the detector named it
 * @param detectedBy GATEWAY or LEDGER
 * @param eventId header {@code id} of the record
 * @param detectedAt the record's timestamp: when it reached the topic
 * @param position partition:offset of the record
 * @param problem why the record could not be read, {@code null} when it could
 * @param state OPEN or REFUNDED
 * @param note the operator's note on REFUNDED
 * @param refundedBy who recorded the refund
 * @param refundedAt when
 */
public record DuplicatePaymentEntry(String payNo, String orderNo, Long userId, BigDecimal amount, String currency,
		Instant paidAt, String firstPayNo, String detectedBy, String eventId, Instant detectedAt, String position,
		String problem, RefundState state, String note, String refundedBy, Instant refundedAt) {

	/** A freshly read record: OPEN until a decision says otherwise. */
	public static DuplicatePaymentEntry detected(String payNo, String orderNo, Long userId, BigDecimal amount,
			String currency, Instant paidAt, String firstPayNo, String detectedBy, String eventId, Instant detectedAt,
			String position, String problem) {
		return new DuplicatePaymentEntry(payNo, orderNo, userId, amount, currency, paidAt, firstPayNo, detectedBy,
				eventId, detectedAt, position, problem, RefundState.OPEN, null, null, null);
	}

	DuplicatePaymentEntry with(RefundDecision decision) {
		return new DuplicatePaymentEntry(this.payNo, this.orderNo, this.userId, this.amount, this.currency,
				this.paidAt, this.firstPayNo, this.detectedBy, this.eventId, this.detectedAt, this.position,
				this.problem, decision.state(), decision.note(), decision.by(), decision.at());
	}

}
