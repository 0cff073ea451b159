package io.payonce.consumer.deduct.domain;

/**
 * The order life cycle of the trade schema: {@code INIT → PAID → SETTLED}, {@code PAID → REFUNDED},
 * {@code INIT → CLOSED}. Only {@code INIT → PAID} is driven by a payment; every other state makes a payment
 * for the order either a duplicate ({@code PAID}) or an illegal transition.
 */
public enum OrderStatus {

	INIT, PAID, SETTLED, REFUNDED, CLOSED,

	/** A value in the table this code does not know; never treated as payable. */
	UNKNOWN;

	public static OrderStatus of(String column) {
		for (OrderStatus status : values()) {
			if (status.name().equals(column)) {
				return status;
			}
		}
		return UNKNOWN;
	}

}
