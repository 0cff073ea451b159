package io.payonce.reconciliation.config;

import io.payonce.reconciliation.audit.AuditService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A request the rules refuse (bad period, bad format, blank reason) is a 400 problem, not a 500. */
@RestControllerAdvice
class ApiErrors {

	/** Names the parameter to change: the end of the period, and the limit it went beyond. */
	@ExceptionHandler(AuditService.SpanTooLongException.class)
	ProblemDetail spanTooLong(AuditService.SpanTooLongException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setTitle("Audit period too long");
		problem.setProperty("field", "to");
		problem.setProperty("maxSpan", ex.maxSpan().toString());
		return problem;
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ProblemDetail badRequest(IllegalArgumentException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

}
