package io.payonce.reconciliation.reversal.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.payonce.reconciliation.reversal.ReversalOutcome;
import io.payonce.reconciliation.reversal.ReversalRequest;
import io.payonce.reconciliation.reversal.ReversalResult;
import io.payonce.reconciliation.reversal.ReversalService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/reversals {"flowId":1002,"reason":"…"}} (ADMIN). The operator is the authenticated user,
 * never a field of the body. 201 REVERSED, 200 ALREADY_REVERSED (idempotent repeat), 404 FLOW_NOT_FOUND,
 * 409 when the flow is not a reversible duplicate; the body is the {@link ReversalResult} in every case.
 */
@RestController
class ReversalController {

	private final ReversalService reversals;

	ReversalController(ReversalService reversals) {
		this.reversals = reversals;
	}

	record ReversalCommand(@NotNull Long flowId, @NotBlank @Size(max = 512) String reason) {

	}

	@PostMapping("/api/v1/reversals")
	ResponseEntity<ReversalResult> reverse(@Valid @RequestBody ReversalCommand command, Authentication operator) {
		ReversalResult result = this.reversals.reverse(
				new ReversalRequest(command.flowId(), operator.getName(), ReversalRequest.Channel.API, command.reason()));
		return ResponseEntity.status(status(result.outcome())).body(result);
	}

	private static HttpStatus status(ReversalOutcome outcome) {
		if (outcome == ReversalOutcome.REVERSED) {
			return HttpStatus.CREATED;
		}
		if (outcome == ReversalOutcome.ALREADY_REVERSED) {
			return HttpStatus.OK;
		}
		if (outcome == ReversalOutcome.FLOW_NOT_FOUND) {
			return HttpStatus.NOT_FOUND;
		}
		return HttpStatus.CONFLICT;
	}

}
