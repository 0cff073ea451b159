package io.payonce.dlt.console.web;

import io.payonce.dlt.terminal.AuditTrail;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Every write of the console goes through the shared audit trail: when Kafka did not take it in time, 503. */
@RestControllerAdvice
class AuditTrailErrors {

	/** Nothing of the turn was committed: nothing changed, the operator may try again. */
	@ExceptionHandler(AuditTrail.TrailUnavailableException.class)
	ResponseEntity<ProblemDetail> trailUnavailable(AuditTrail.TrailUnavailableException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header("Retry-After", "5")
			.body(ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
					"Nothing changed, try again: " + ex.getMessage()));
	}

}
