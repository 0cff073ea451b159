package io.payonce.dlt.freeze.web;

import java.util.Optional;
import java.util.regex.Pattern;

import io.payonce.dlt.forecast.http.LedgerProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/accounts/frozen} (VIEWER), {@code POST /api/v1/accounts/{userId}/freeze} and {@code .../unfreeze}
 * (ADMIN, body {@code {"reason":"…"}}): the reconciliation's freeze API, forwarded as the operator (see
 * {@code package-info}). The reconciliation's answer is returned as it is (200, 404 ACCOUNT_NOT_FOUND, 409
 * ALREADY_FROZEN or NOT_FROZEN, 400 naming the field); 400 here for a userId that is not a number, 502 when the
 * reconciliation does not answer.
 */
@RestController
class FrozenAccountsController {

	private static final Pattern USER_ID = Pattern.compile("[1-9][0-9]{0,18}");

	private final AccountFreezeForwarder forwarder;

	FrozenAccountsController(LedgerProperties ledger) {
		this.forwarder = new AccountFreezeForwarder(ledger.baseUrl(), ledger.timeout());
	}

	@GetMapping("/api/v1/accounts/frozen")
	ResponseEntity<?> frozen(@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		return forward("/api/v1/accounts/frozen", Optional.empty(), authorization);
	}

	@PostMapping("/api/v1/accounts/{userId}/freeze")
	ResponseEntity<?> freeze(@PathVariable String userId, @RequestBody(required = false) String body,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		return change(userId, "freeze", body, authorization);
	}

	@PostMapping("/api/v1/accounts/{userId}/unfreeze")
	ResponseEntity<?> unfreeze(@PathVariable String userId, @RequestBody(required = false) String body,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		return change(userId, "unfreeze", body, authorization);
	}

	private ResponseEntity<?> change(String userId, String action, String body, String authorization) {
		if (!USER_ID.matcher(userId).matches()) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
					"userId must be a positive number: '" + userId + "'");
			problem.setProperty("field", "userId");
			return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
		}
		return forward("/api/v1/accounts/" + userId + "/" + action, Optional.of((body == null) ? "" : body),
				authorization);
	}

	private ResponseEntity<?> forward(String path, Optional<String> body, String authorization) {
		try {
			AccountFreezeForwarder.Answer answer = this.forwarder.forward(path, body, authorization);
			return ResponseEntity.status(answer.status())
				.contentType(MediaType.parseMediaType(answer.contentType()))
				.body(answer.body());
		}
		catch (AccountFreezeForwarder.UnreachableException ex) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_GATEWAY,
					"the reconciliation did not answer: " + ex.getMessage());
			return ResponseEntity.status(HttpStatus.BAD_GATEWAY).contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.body(problem);
		}
	}

}
