package io.payonce.gateway.callback.web;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import io.payonce.gateway.callback.domain.FieldError;
import io.payonce.gateway.callback.domain.InvalidCallbackException;
import io.payonce.gateway.callback.domain.PaymentKind;
import io.payonce.gateway.callback.domain.StoredPayment;
import io.payonce.gateway.callback.jdbc.PaymentLookup;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/payments/{orderNo}}: what the gateway knows about one payment, for ops users (VIEWER or
 * ADMIN), on the lookup port only ({@link LookupServer}). It shows what an operator needs to follow a payment
 * (who, how much, which status, when it came, the event id to search Kafka and the consumer's log for, how many
 * repeats were absorbed) and every second payment the platform made for the same order (money owed back, issue 14),
 * never the content fingerprint or anything of the signature.
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
		List<StoredPayment> payments = this.payments.find(orderNo);
		// The PRIMARY row holds the order; a moment inside an intake transaction that hands the order over from an
		// unpaid payment to a succeeded one is never visible here (the lookup reads committed rows in one statement).
		StoredPayment holder = payments.stream()
			.filter((payment) -> payment.kind() == PaymentKind.PRIMARY)
			.findFirst()
			.orElseThrow(() -> new PaymentNotFoundException(orderNo));
		List<SecondPaymentView> others = payments.stream()
			.filter((payment) -> payment.kind() != PaymentKind.PRIMARY)
			.map(SecondPaymentView::of)
			.toList();
		return PaymentView.of(holder, others);
	}

	/**
	 * @param eventId the outbox event id (Kafka header {@code id}); {@code null} for a status other than SUCCESS
	 * @param duplicateCallbacks repeated callbacks absorbed without a new event
	 * @param secondPayments other payNos the platform reported for this order, oldest first: each SUCCESS among
	 * them is a duplicate payment owed back (its {@code eventId} is the {@code DuplicatePayment} event's)
	 */
	record PaymentView(String orderNo, String payNo, long userId, String amount, String currency, String status,
			Instant paidAt, Instant receivedAt, UUID eventId, int duplicateCallbacks, Instant lastDuplicateAt,
			List<SecondPaymentView> secondPayments) {

		static PaymentView of(StoredPayment payment, List<SecondPaymentView> secondPayments) {
			BigDecimal amount = payment.amount();
			return new PaymentView(payment.orderNo(), payment.payNo(), payment.userId(), amount.toPlainString(),
					payment.currency(), payment.status(), payment.paidAt(), payment.receivedAt(), payment.eventId(),
					payment.duplicateCount(), payment.lastDuplicateAt(), secondPayments);
		}

	}

	record SecondPaymentView(String payNo, String amount, String currency, String status, Instant paidAt,
			Instant receivedAt, UUID eventId) {

		static SecondPaymentView of(StoredPayment payment) {
			return new SecondPaymentView(payment.payNo(), payment.amount().toPlainString(), payment.currency(),
					payment.status(), payment.paidAt(), payment.receivedAt(), payment.eventId());
		}

	}

}
