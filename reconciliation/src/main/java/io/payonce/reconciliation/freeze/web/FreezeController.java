package io.payonce.reconciliation.freeze.web;

import java.util.List;

import io.payonce.reconciliation.config.Problems;
import io.payonce.reconciliation.freeze.AccountFreeze;
import io.payonce.reconciliation.freeze.FreezeOutcome;
import io.payonce.reconciliation.freeze.FreezeRequest;
import io.payonce.reconciliation.freeze.FreezeResult;
import io.payonce.reconciliation.freeze.FreezeService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/accounts/{userId}/freeze} and {@code .../unfreeze} with {@code {"reason":"…"}} (ADMIN, like
 * every write of the ops API; the operator is the authenticated user, never a field of the body), and
 * {@code GET /api/v1/accounts/frozen} (VIEWER). 200 FROZEN or UNFROZEN, 404 ACCOUNT_NOT_FOUND, 409 ALREADY_FROZEN or
 * NOT_FROZEN (the body's {@code current} names who and why), 400 naming the field; the body is the
 * {@link FreezeResult} (or the problem).
 */
@RestController
class FreezeController {

	private final FreezeService freezes;

	FreezeController(FreezeService freezes) {
		this.freezes = freezes;
	}

	/** The body of both writes. */
	record FreezeCommand(String reason) {

	}

	@PostMapping("/api/v1/accounts/{userId}/freeze")
	ResponseEntity<FreezeResult> freeze(@PathVariable long userId, @RequestBody FreezeCommand command,
			Authentication operator) {
		return answer(this.freezes.freeze(FreezeRequest.byOperator(userId, operator.getName(), command.reason())));
	}

	@PostMapping("/api/v1/accounts/{userId}/unfreeze")
	ResponseEntity<FreezeResult> unfreeze(@PathVariable long userId, @RequestBody FreezeCommand command,
			Authentication operator) {
		return answer(this.freezes.unfreeze(FreezeRequest.byOperator(userId, operator.getName(), command.reason())));
	}

	@GetMapping("/api/v1/accounts/frozen")
	List<AccountFreeze> frozen() {
		return this.freezes.frozen();
	}

	@ExceptionHandler(FreezeRequest.InvalidFreezeException.class)
	ProblemDetail invalid(FreezeRequest.InvalidFreezeException ex) {
		return Problems.badRequest(ex.field(), ex.getMessage());
	}

	private static ResponseEntity<FreezeResult> answer(FreezeResult result) {
		return ResponseEntity.status(status(result.outcome())).body(result);
	}

	private static HttpStatus status(FreezeOutcome outcome) {
		switch (outcome) {
			case FROZEN:
			case UNFROZEN:
				return HttpStatus.OK;
			case ACCOUNT_NOT_FOUND:
				return HttpStatus.NOT_FOUND;
			default:
				return HttpStatus.CONFLICT;
		}
	}

}
