package io.payonce.simulator.callback;

/** Where one callback delivery stands. Only PENDING moves, to DELIVERED (a 2xx) or GAVE_UP (window closed). */
public enum DeliveryState {

	PENDING, DELIVERED, GAVE_UP

}
