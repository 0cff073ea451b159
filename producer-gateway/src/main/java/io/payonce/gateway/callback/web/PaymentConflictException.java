package io.payonce.gateway.callback.web;

import java.util.List;

/** Same orderNo or payNo with different content; answered 409. */
class PaymentConflictException extends RuntimeException {

	private final List<String> fields;

	PaymentConflictException(String orderNo, List<String> fields) {
		super("Payment " + orderNo + " is already recorded with a different " + String.join(", ", fields));
		this.fields = List.copyOf(fields);
	}

	List<String> fields() {
		return this.fields;
	}

}
