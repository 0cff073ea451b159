package io.payonce.simulator.api;

import java.time.Instant;
import java.util.List;

import io.payonce.simulator.callback.CallbackDelivery;

/**
 * One callback delivery with every attempt.
 * @param state {@code PENDING}, {@code DELIVERED} or {@code GAVE_UP}
 * @param amount the amount the callback states
 */
public record DeliveryView(String id, int copy, String state, String amount, Instant firstAttemptAt,
		Instant nextAttemptAt, List<AttemptView> attempts) {

	public static DeliveryView of(CallbackDelivery delivery) {
		return new DeliveryView(delivery.id(), delivery.copy(), delivery.state().name(),
				delivery.callback().amount().toPlainString(), delivery.firstAttemptAt(), delivery.nextAttemptAt(),
				delivery.attempts().stream().map(AttemptView::of).toList());
	}

}
