package io.payonce.simulator.api;

import io.payonce.simulator.payment.Platform;

/**
 * {@code GET /api/v1/summary}: orders charged, payments taken (second charges included), callbacks lost, callback
 * deliveries by state and attempts made.
 */
public record SummaryView(int orders, int payments, int secondCharges, int lostCallbacks, int pendingCallbacks,
		int deliveredCallbacks, int gaveUpCallbacks, int attempts) {

	public static SummaryView of(Platform.Summary summary) {
		return new SummaryView(summary.orders(), summary.payments(), summary.secondCharges(), summary.lostCallbacks(),
				summary.callbacks().pending(), summary.callbacks().delivered(), summary.callbacks().gaveUp(),
				summary.callbacks().attempts());
	}

}
