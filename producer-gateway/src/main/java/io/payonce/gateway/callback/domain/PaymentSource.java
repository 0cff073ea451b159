package io.payonce.gateway.callback.domain;

/**
 * How a payment reached the intake. Every source takes the same path (validation, idempotency, outbox): the
 * source only records who brought the payment in, so that an operator can tell the payments a callback
 * delivered from those PayOnce had to find itself (column {@code t_payment.source}, migration V3).
 */
public enum PaymentSource {

	/** The platform's signed callback ({@code POST /api/v1/callbacks/pay}). */
	CALLBACK,

	/** Active query: the platform answered "paid" for an order that stayed unpaid (reconciliation). */
	QUERY,

	/** Statement reconciliation: the platform's daily statement has a payment we never recorded. */
	STATEMENT

}
