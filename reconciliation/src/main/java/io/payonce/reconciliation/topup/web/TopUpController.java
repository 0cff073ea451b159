package io.payonce.reconciliation.topup.web;

import java.math.BigDecimal;

import io.payonce.reconciliation.config.Problems;
import io.payonce.reconciliation.topup.TopUpOutcome;
import io.payonce.reconciliation.topup.TopUpRequest;
import io.payonce.reconciliation.topup.TopUpResult;
import io.payonce.reconciliation.topup.TopUpService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/top-ups {"userId":10086,"amount":"500.00","currency":"CNY","reference":"TU-1","reason":"…"}}
 * (ADMIN; every write of the ops API is). The operator is the authenticated user, never a field of the body.
 * 201 TOPPED_UP, 200 ALREADY_TOPPED_UP (the same request again), 404 ACCOUNT_NOT_FOUND, 409 CURRENCY_MISMATCH or
 * REFERENCE_TAKEN, 400 naming the field; the body is the {@link TopUpResult} (or the problem).
 */
@RestController
class TopUpController {

	private final TopUpService topUps;

	TopUpController(TopUpService topUps) {
		this.topUps = topUps;
	}

	/** Boxed, so that a missing field reaches the request's rules and is named there. */
	record TopUpCommand(Long userId, BigDecimal amount, String currency, String reference, String reason) {

	}

	@PostMapping("/api/v1/top-ups")
	ResponseEntity<TopUpResult> topUp(@RequestBody TopUpCommand command, Authentication operator) {
		TopUpRequest request = new TopUpRequest((command.userId() == null) ? 0 : command.userId(), command.amount(),
				command.currency(), command.reference(), operator.getName(), command.reason());
		TopUpResult result = this.topUps.topUp(request);
		return ResponseEntity.status(status(result.outcome())).body(result);
	}

	@ExceptionHandler(TopUpRequest.InvalidTopUpException.class)
	ProblemDetail invalid(TopUpRequest.InvalidTopUpException ex) {
		return Problems.badRequest(ex.field(), ex.getMessage());
	}

	private static HttpStatus status(TopUpOutcome outcome) {
		switch (outcome) {
			case TOPPED_UP:
				return HttpStatus.CREATED;
			case ALREADY_TOPPED_UP:
				return HttpStatus.OK;
			case ACCOUNT_NOT_FOUND:
				return HttpStatus.NOT_FOUND;
			default:
				return HttpStatus.CONFLICT;
		}
	}

}
