package io.payonce.gateway.callback.web;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.payonce.gateway.callback.domain.IntakeOutcome;
import io.payonce.gateway.callback.domain.IntakeOutcome.Result;
import io.payonce.gateway.callback.domain.IntakeOutcome.Rule;
import io.payonce.gateway.callback.domain.PaymentCallback;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** What the timeline's CALLBACK fact says of each answer the gateway gives. */
class CallbackFactsTest {

	private static final UUID EVENT = UUID.fromString("3f1c9a52-7c1e-4d0b-9a57-2b8f0e6d4c11");

	private static final PaymentCallback CALLBACK = new PaymentCallback("PN20261201001", "P20261201001", 10086L,
			new BigDecimal("199.00"), "CNY", PaymentCallback.SUCCESS, Instant.parse("2026-12-01T00:00:00Z"));

	@Test
	void anAcceptedPaymentNamesItsEventAndNoKey() {
		IntakeOutcome accepted = new IntakeOutcome(Result.ACCEPTED, EVENT, true, null, List.of(), Rule.NEW_PAYMENT);

		assertThat(CallbackFacts.detail(CALLBACK, accepted)).containsExactly(entry("payNo", "PN20261201001"),
				entry("amount", "199.00"), entry("currency", "CNY"), entry("paymentStatus", "SUCCESS"),
				entry("httpStatus", "200"), entry("rule", "new-payment"), entry("eventId", EVENT.toString()));
	}

	@Test
	void aDuplicateSaysTheUniqueKeyFoundItAndNamesNoEventOfItsOwn() {
		IntakeOutcome duplicate = new IntakeOutcome(Result.DUPLICATE, EVENT, false, null, List.of(),
				Rule.SAME_PAYMENT);

		assertThat(CallbackFacts.detail(CALLBACK, duplicate)).contains(entry("httpStatus", "200"),
				entry("rule", "same-payment"), entry("uniqueKey", "uk_pay_no"))
			.doesNotContainKey("eventId");
	}

	@Test
	void aSecondPaymentNamesThePaymentThatHoldsTheOrder() {
		IntakeOutcome second = new IntakeOutcome(Result.DUPLICATE_PAYMENT, EVENT, true, "PN-FIRST", List.of(),
				Rule.ORDER_HELD_BY_ANOTHER_PAYMENT);

		assertThat(CallbackFacts.detail(CALLBACK, second)).contains(entry("firstPayNo", "PN-FIRST"),
				entry("uniqueKey", "uk_primary_order_no"), entry("rule", "order-held-by-another-payment"),
				entry("eventId", EVENT.toString()));
	}

	@Test
	void aConflictIsA409NamingTheFieldsThatDiffer() {
		IntakeOutcome conflict = new IntakeOutcome(Result.CONFLICT, null, false, null, List.of("amount", "currency"),
				Rule.CONTENT_DIFFERS);

		assertThat(CallbackFacts.detail(CALLBACK, conflict)).contains(entry("httpStatus", "409"),
				entry("conflictingFields", "amount,currency"), entry("uniqueKey", "uk_pay_no"));
	}

	@Test
	void anUnavailableStoreIsA503WithItsReason() {
		assertThat(CallbackFacts.unavailableDetail(CALLBACK)).contains(entry("payNo", "PN20261201001"),
				entry("httpStatus", "503"), entry("reason", "store_unavailable"));
	}

}
