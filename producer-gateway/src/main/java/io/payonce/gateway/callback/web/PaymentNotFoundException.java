package io.payonce.gateway.callback.web;

class PaymentNotFoundException extends RuntimeException {

	PaymentNotFoundException(String orderNo) {
		super("No payment recorded for order " + orderNo);
	}

}
