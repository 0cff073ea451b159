package io.payonce.gateway.callback.web;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import io.payonce.gateway.callback.domain.FieldError;
import io.payonce.gateway.callback.domain.InvalidCallbackException;
import io.payonce.gateway.callback.domain.StoredPayment;
import io.payonce.gateway.callback.jdbc.PaymentLookup;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/payments/{orderNo}}: what the gateway knows about one payment, for ops users (VIEWER or
 * ADMIN), on the lookup port only ({@link LookupServer}). It shows what an operator needs to follow a payment
 * (who, how much, which status, when it came, the event id to search Kafka and the consumer's log for, how many
 * repeats were absorbed), never the content fingerprint or anything of the signature.
 */
@RestController
class PaymentController {

	private static final Pattern ORDER_NO = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private final PaymentLookup payments;

	PaymentController(PaymentLookup payments) {
		this.payments = payments;
	}

	@GetMapping(LookupServer.LOOKUP_PATH + "{orderNo}")
	PaymentView payment(@PathVariable String orderNo) {
		if (!ORDER_NO.matcher(orderNo).matches()) {
			throw InvalidCallbackException
				.invalidFields(List.of(new FieldError("orderNo", "must be 1-64 characters of A-Z, a-z, 0-9, '_' or '-'")));
		}
		return this.payments.find(orderNo).map(PaymentView::of).orElseThrow(() -> new PaymentNotFoundException(orderNo));
	}

	/**
	 * @param eventId the outbox event id (Kafka header {@code id}); {@code null} for a status other than SUCCESS
	 * @param duplicateCallbacks repeated callbacks absorbed without a new event
	 */
	record PaymentView(String orderNo, String payNo, long userId, String amount, String currency, String status,
			Instant paidAt, Instant receivedAt, UUID eventId, int duplicateCallbacks, Instant lastDuplicateAt) {

		static PaymentView of(StoredPayment payment) {
			BigDecimal amount = payment.amount();
			return new PaymentView(payment.orderNo(), payment.payNo(), payment.userId(), amount.toPlainString(),
					payment.currency(), payment.status(), payment.paidAt(), payment.receivedAt(), payment.eventId(),
					payment.duplicateCount(), payment.lastDuplicateAt());
		}

	}

}
