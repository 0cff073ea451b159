package io.payonce.gateway.callback.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A row of {@code t_payment}: what the gateway knows about one platform payment (one payNo).
 *
 * @param kind whether it holds its order or is another payment for an order held by another payNo
 * @param eventId the id of the outbox event written for it ({@code PaySuccess} for a PRIMARY,
 * {@code DuplicatePayment} for a DUPLICATE), {@code null} while its status is not SUCCESS
 * @param duplicateCount how many repeated callbacks were absorbed without a new event
 */
public record StoredPayment(long id, String payNo, String orderNo, PaymentKind kind, long userId, BigDecimal amount,
		String currency, String status, Instant paidAt, String fingerprint, UUID eventId, int duplicateCount,
		Instant receivedAt, Instant lastDuplicateAt) {

	/** Its SUCCESS event was written; the status can no longer change. */
	public boolean succeeded() {
		return this.eventId != null;
	}

	/** The fields in which {@code callback} differs from this payment (status included), in body order. */
	public List<String> differencesTo(PaymentCallback callback) {
		List<String> fields = new ArrayList<>();
		if (!this.payNo.equals(callback.payNo())) {
			fields.add("payNo");
		}
		if (!this.orderNo.equals(callback.orderNo())) {
			fields.add("orderNo");
		}
		if (this.userId != callback.userId()) {
			fields.add("userId");
		}
		if (this.amount.compareTo(callback.amount()) != 0) {
			fields.add("amount");
		}
		if (!this.currency.equals(callback.currency())) {
			fields.add("currency");
		}
		if (!this.status.equals(callback.status())) {
			fields.add("status");
		}
		return fields;
	}

}
