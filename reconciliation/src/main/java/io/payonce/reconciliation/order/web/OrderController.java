package io.payonce.reconciliation.order.web;

import io.payonce.reconciliation.order.OrderLookup;
import io.payonce.reconciliation.order.OrderView;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/orders/{orderNo}} (VIEWER or ADMIN): the order and its payer's account as the trade schema holds
 * them now, {@code {orderNo, status, userId, amount, currency, payNo, account: {balance, currency} | null}}; an
 * unknown order is a 404 {@code application/problem+json} naming it. Read-only.
 */
@RestController
class OrderController {

	private final OrderLookup orders;

	OrderController(OrderLookup orders) {
		this.orders = orders;
	}

	@GetMapping("/api/v1/orders/{orderNo}")
	OrderView order(@PathVariable String orderNo) {
		return this.orders.find(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
	}

	/** Answered in the request itself (a returned ProblemDetail is written as application/problem+json). */
	@ExceptionHandler(OrderNotFoundException.class)
	ProblemDetail notFound(OrderNotFoundException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
		problem.setTitle("Order not found");
		problem.setProperty("field", "orderNo");
		return problem;
	}

	static final class OrderNotFoundException extends RuntimeException {

		OrderNotFoundException(String orderNo) {
			super("no order '" + orderNo + "' in the trade schema");
		}

	}

}
