package io.payonce.gateway.callback.domain;

/**
 * What a {@code t_payment} row is to its order. One row per payNo, whatever its kind ({@code uk_pay_no}); at most
 * one PRIMARY per orderNo ({@code uk_primary_order_no}).
 */
public enum PaymentKind {

	/** The payment that holds the order: its SUCCESS publishes the order's one {@code PaySuccess}. */
	PRIMARY,

	/**
	 * Another platform payment (another payNo) for an order held by a PRIMARY: its SUCCESS is money we owe back
	 * and publishes a {@code DuplicatePayment}, never a {@code PaySuccess}.
	 */
	DUPLICATE

}
